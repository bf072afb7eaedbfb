import { ORDER_DIRECTIONS, WORKFLOW_ORDER_BY, WORKFLOW_STATUSES } from '../../client/enums.js';
import type { WorkflowList, WorkflowListItem } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import { findWorkflow } from '../db.js';
import { workflowNotFound } from '../errors.js';
import { QueryReader } from '../validate.js';
import { toFullWorkflow } from '../workflow-detail.js';

/** The largest page `GET /v2/workflows` serves; a larger `limit` is a 400. */
export const MAX_WORKFLOWS_PAGE = 100;

/**
 * `GET /v2/workflows`: `{data: {workflows, totalCount}}`. Defaults: `limit` 10, `offset` 0, newest
 * `createdAt` first. `query` searches name and identifier (case-insensitive); `tags` and `status` match any
 * of their values. Workflows never triggered sort last whatever the direction.
 */
export const listWorkflows: Handler = ({ db, query }) => {
  const reader = new QueryReader(query);
  const limit = reader.integer('limit', 10, { min: 1, max: MAX_WORKFLOWS_PAGE });
  const offset = reader.integer('offset', 0, { min: 0 });
  const direction = reader.oneOf('orderDirection', ORDER_DIRECTIONS) ?? 'DESC';
  const orderBy = reader.oneOf('orderBy', WORKFLOW_ORDER_BY) ?? 'createdAt';
  const statuses = reader.manyOf('status', WORKFLOW_STATUSES);
  const tags = reader.strings('tags');
  const search = reader.string('query')?.trim().toLowerCase() ?? '';
  reader.done();

  const matches = db.workflows.filter(
    (workflow) =>
      (search === '' ||
        workflow.name.toLowerCase().includes(search) ||
        workflow.workflowId.toLowerCase().includes(search)) &&
      (tags.length === 0 || (workflow.tags ?? []).some((tag) => tags.includes(tag))) &&
      (statuses.length === 0 || statuses.includes(workflow.status as (typeof statuses)[number])),
  );
  const sign = direction === 'ASC' ? 1 : -1;
  const key = (workflow: WorkflowListItem): string | null | undefined => workflow[orderBy];
  const sorted = [...matches].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
    return sign * (orderBy === 'name' ? x.localeCompare(y) : Date.parse(x) - Date.parse(y));
  });
  const list: WorkflowList = { workflows: sorted.slice(offset, offset + limit), totalCount: matches.length };
  return ok({ data: list });
};

/** `GET /v2/workflows/{workflowId}`, by `_id`, identifier or slug: the full form. */
export const getWorkflow: Handler = ({ db, params }) => {
  const workflow = findWorkflow(db, params.workflowId!);
  if (!workflow) throw workflowNotFound(params.workflowId!);
  return ok({ data: toFullWorkflow(workflow) });
};

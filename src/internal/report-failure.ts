/**
 * Tells the page when an action an element started failed: the store has already rolled the change back
 * and keeps the error for the element's banner; `notif-error` lets the host log or react to it too.
 */
import { NotifErrorEvent, type NotifErrorOperation } from '../events/error.js';
import type { ActionResult } from '../store/contract.js';

export async function reportFailure(
  host: EventTarget,
  action: Promise<ActionResult<{ reason: string }>> | undefined,
  operation: NotifErrorOperation,
): Promise<void> {
  const result = await action;
  if (result && !result.ok && result.reason === 'failed' && 'error' in result) {
    host.dispatchEvent(new NotifErrorEvent({ error: result.error, operation }));
  }
}

/**
 * Renders a Storybook story (component story format) outside Storybook, as Storybook would: the meta's and
 * the story's args, loaders and decorators, then its render function (the story's, else the meta's).
 * Play functions are not run: they belong to Storybook's test instrumentation.
 */
import type { TemplateResult } from 'lit';

type Args = Record<string, unknown>;
interface Context {
  args: Args;
  loaded: Record<string, unknown>;
  parameters: Record<string, unknown>;
}
type Render = (args: Args, context: Context) => unknown;
type Decorator = (story: () => unknown, context: Context) => unknown;
type Loader = (context: Context) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;

/** The parts of a meta or a story that rendering uses. */
export interface StoryParts {
  args?: Args;
  parameters?: Record<string, unknown>;
  render?: Render;
  decorators?: Decorator[];
  loaders?: Loader[];
}

/** A stories module's stories (its named exports), by export name. */
export function storiesOf(module: Record<string, unknown>): [string, StoryParts][] {
  return Object.entries(module).filter(([name]) => name !== 'default') as [string, StoryParts][];
}

/** The story's template, as Storybook renders it (decorators around it, the story's innermost). */
export async function renderStory(meta: unknown, story: StoryParts): Promise<TemplateResult> {
  const m = meta as StoryParts;
  const context: Context = {
    args: { ...m.args, ...story.args },
    loaded: {},
    parameters: { ...m.parameters, ...story.parameters },
  };
  for (const loader of [...(m.loaders ?? []), ...(story.loaders ?? [])]) {
    Object.assign(context.loaded, await loader(context));
  }
  const render = story.render ?? m.render;
  if (!render) throw new Error('The story has no render function.');
  let current: () => unknown = () => render(context.args, context);
  for (const decorator of [...(story.decorators ?? []), ...(m.decorators ?? [])]) {
    const inner = current;
    current = () => decorator(inner, context);
  }
  return current() as TemplateResult;
}

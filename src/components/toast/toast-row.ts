/**
 * What a toast shows of its message: the inbox's row pieces (avatar, subject, time, body text), each
 * replaceable by the inbox's render hooks, or the whole content from `renderMessage`. The toast keeps what
 * makes it work: the button that opens the message (named by its subject, covering the toast, so a click
 * anywhere but on a control of the content acts as a message click), the dismiss button, Escape, the timers
 * and the announcement. Messages are untrusted: they show as text, never as HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import type { Translator } from '../../i18n/index.js';
import type { NotifIcons } from '../../internal/icons.js';
import type { BodyFormatter } from '../inbox/inbox-message.js';
import { contentText, messageHeading, renderAvatar, renderTime } from '../inbox/inbox-message.js';
import { runHook, type NotifRowContext, type RowRenderers } from '../inbox/render-hooks.js';

export interface ToastRowView {
  message: Message;
  /** A prefix for the ids of the toast's parts (unique among the toasts showing). */
  id: string;
  /** Acts as a click on the message. */
  open: () => void;
  now: Date;
  t: Translator;
  hooks: RowRenderers;
  icons: NotifIcons | undefined;
  brokenAvatars: ReadonlySet<string>;
  /** Formats the body's text (`body-format="markdown"`, once its module is loaded); else plain text. */
  formatBody?: BodyFormatter | undefined;
  /** The hooks' context, made once per toast when a hook asks for it. */
  context: () => NotifRowContext;
}

export function renderToastRow(view: ToastRowView): TemplateResult {
  const { message, id, t, hooks, context } = view;
  const heading = messageHeading(message) || t.t('toast.untitled');
  const custom = runHook(hooks.renderMessage, message, context);
  if (custom !== undefined) return renderCustom(view, heading, custom);
  const body = contentText(message.content);
  const customAvatar = runHook(hooks.renderAvatar, message, context);
  const customSubject = runHook(hooks.renderSubject, message, context);
  const customBody = runHook(hooks.renderBody, message, context);
  const actions = runHook(hooks.renderActions, message, context);
  const hasBody = customBody === undefined ? body !== '' : customBody !== nothing;
  return html`${
      customAvatar === undefined
        ? renderAvatar(message, view)
        : html`<span class="avatar custom" part="avatar" aria-hidden="true">${customAvatar}</span>`
    }
    <div class="main">
      <div class="head">
        <button
          part="subject"
          class="open"
          dir="auto"
          aria-describedby=${hasBody ? `${id}-content ${id}-time` : `${id}-time`}
          @click=${view.open}
        >
          ${
            customSubject === undefined
              ? heading
              : customSubject === nothing
                ? html`<span class="visually-hidden">${heading}</span>`
                : customSubject
          }
        </button>
        ${renderTime(message, view.now, t, `${id}-time`)}
      </div>
      ${
        !hasBody
          ? nothing
          : customBody === undefined
            ? view.formatBody
              ? html`<div part="content" class="content" id="${id}-content" dir="auto">
                  ${view.formatBody(body, true)}
                </div>`
              : html`<p part="content" class="content" id="${id}-content" dir="auto">${body}</p>`
            : html`<div part="content" class="content" id="${id}-content" dir="auto">${customBody}</div>`
      }
      ${
        actions === undefined || actions === nothing
          ? nothing
          : html`<div part="actions" class="actions">${actions}</div>`
      }
    </div>`;
}

/**
 * A toast whose content comes from `renderMessage`: the open button holds the subject as hidden text (the
 * toast's name for screen readers), and covers the toast under the content's own controls.
 */
function renderCustom(view: ToastRowView, heading: string, content: unknown): TemplateResult {
  const { message, id, t } = view;
  const body = contentText(message.content);
  const created = new Date(message.createdAt);
  return html`<button
      part="subject"
      class="open cover"
      aria-describedby=${body ? `${id}-content ${id}-time` : `${id}-time`}
      @click=${view.open}
    >
      <span class="visually-hidden">${heading}</span>
    </button>
    <div hidden>
      ${body ? html`<span id="${id}-content">${body}</span>` : nothing}
      <span id="${id}-time">${Number.isNaN(created.getTime()) ? '' : t.relativeTime(created, view.now)}</span>
    </div>
    <div part="custom" class="custom-content">${content}</div>`;
}

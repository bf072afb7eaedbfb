/**
 * The "Custom rows" switch: compact, chat-like rows drawn through the inbox's `renderMessage` hook (on
 * `<notif-inbox>` and `<notif-bell>`): the sender's initials on a coloured square, the sender in bold and
 * what they did (the subject), the time, then a chip for the kind of message and the body on one line. Message data only ever reaches Lit text bindings.
 * Not part of the package.
 */
import { css, html, LitElement, nothing } from 'lit';
import type { Message } from '../src/client/types.js';
import type { NotifBell, NotifInbox, NotifRowContext, RenderHookResult } from '../src/index.js';

type RowHook = (message: Message, context: NotifRowContext) => RenderHookResult;

/** Labels of the chip, by `payload.kind` (see `demo-data.ts`). */
const KIND_LABELS: Record<string, string> = {
  mention: 'Mention',
  comment: 'Comment',
  approval: 'Approval',
  task: 'Task',
  deploy: 'Deploy',
  build: 'Build',
  security: 'Security',
  billing: 'Billing',
  invitation: 'Invite',
  reminder: 'Reminder',
  digest: 'Digest',
  export: 'Export',
  document: 'Doc',
  status: 'Status',
};

/** Square colours with white initials at a contrast of at least 4.5:1. */
const SQUARE_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#a16207',
  '#0e7490',
  '#be185d',
  '#374151',
];

function field(message: Message, key: string): unknown {
  const payload = message.payload;
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
}

/** The sender's name from `payload.actor`, or "" for a message from the product itself. */
function senderOf(message: Message): string {
  const actor = field(message, 'actor');
  if (typeof actor === 'string') return actor;
  if (actor && typeof actor === 'object') {
    const name = (actor as Record<string, unknown>).name;
    if (typeof name === 'string') return name;
  }
  return '';
}

function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((word) => [...word][0]!.toLocaleUpperCase()).join('');
}

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SQUARE_COLOURS[hash % SQUARE_COLOURS.length]!;
}

/** One chat-like row. Its styles live in its own shadow root, inside the inbox's. */
export class DemoChatRow extends LitElement {
  static override styles = css`
    :host {
      display: block;
      font-size: var(--notif-font-size-s, 0.8125rem);
    }
    .row {
      display: grid;
      grid-template-columns: 2rem minmax(0, 1fr) auto;
      align-items: center;
      column-gap: 0.625rem;
    }
    .square {
      display: inline-grid;
      place-items: center;
      inline-size: 2rem;
      block-size: 2rem;
      border-radius: 6px;
      color: #ffffff;
      font-size: 0.75rem;
      font-weight: 700;
    }
    .square.system {
      background: light-dark(#e8e9ee, #2c2e36);
      color: light-dark(#3d404b, #d3d5de);
    }
    .line {
      display: flex;
      align-items: baseline;
      gap: 0.375rem;
      min-inline-size: 0;
    }
    .main {
      display: grid;
      gap: 0.125rem;
      min-inline-size: 0;
    }
    .headline,
    .body {
      overflow: hidden;
      min-inline-size: 0;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .headline strong {
      font-weight: 700;
    }
    .body {
      color: var(--notif-color-text-muted, light-dark(#545762, #acafbb));
    }
    .chip {
      flex: none;
      padding: 0 0.4375rem;
      border-radius: 999px;
      background: color-mix(
        in srgb,
        var(--notif-color-accent, light-dark(#3347c9, #a3afff)) 14%,
        transparent
      );
      color: var(--notif-color-text, inherit);
      font-size: 0.6875rem;
      font-weight: 600;
      line-height: 1.25rem;
    }
    time {
      flex: none;
      margin-inline-start: auto;
      color: var(--notif-color-text-muted, light-dark(#545762, #acafbb));
      font-size: 0.75rem;
      white-space: nowrap;
    }
    .row:not(.unread) .headline {
      color: var(--notif-color-text-muted, light-dark(#545762, #acafbb));
    }
    .dot {
      inline-size: 0.5rem;
      block-size: 0.5rem;
      border-radius: 50%;
      background: var(--notif-color-accent, light-dark(#3347c9, #a3afff));
    }
  `;

  static override properties = {
    message: { attribute: false },
    context: { attribute: false },
  };

  declare message: Message | undefined;
  declare context: NotifRowContext | undefined;

  protected override render() {
    const { message, context } = this;
    if (!message || !context) return nothing;
    const sender = senderOf(message);
    const subject = message.subject ?? '';
    // "Maya Chen mentioned you in…" reads as a chat line: the sender in bold, then what they did.
    const rest = sender && subject.startsWith(`${sender} `) ? subject.slice(sender.length + 1) : '';
    const kind = field(message, 'kind');
    const label = typeof kind === 'string' ? KIND_LABELS[kind] : undefined;
    const body = typeof message.content === 'string' ? message.content : '';
    const unread = !context.read;
    return html`<div class=${unread ? 'row unread' : 'row'}>
      ${
        sender
          ? html`<span class="square" style="background: ${colourOf(sender)}" aria-hidden="true"
              >${initials(sender)}</span
            >`
          : html`<span class="square system" aria-hidden="true">N</span>`
      }
      <div class="main">
        <div class="line">
          <span class="headline" dir="auto"
            >${rest ? html`<strong>${sender}</strong> ${rest}` : html`<strong>${subject}</strong>`}</span
          >
          <time datetime=${context.dateTime}>${context.time}</time>
        </div>
        <div class="line">
          ${label ? html`<span class="chip">${label}</span>` : nothing}
          <span class="body" dir="auto">${body}</span>
        </div>
      </div>
      ${
        unread
          ? html`<span class="dot" role="img" aria-label=${context.t('inbox.unreadMarker')}></span>`
          : html`<span></span>`
      }
    </div>`;
  }
}

if (!customElements.get('demo-chat-row')) customElements.define('demo-chat-row', DemoChatRow);

const chatRow: RowHook = (message, context) =>
  html`<demo-chat-row .message=${message} .context=${context}></demo-chat-row>`;

/** Turns the chat-like rows on or off for every inbox and bell under `root`. */
export function useCustomRows(root: ParentNode, on: boolean): void {
  for (const element of root.querySelectorAll('notif-inbox, notif-bell')) {
    (element as NotifInbox | NotifBell).renderMessage = on ? chatRow : undefined;
  }
}

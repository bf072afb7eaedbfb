/**
 * The template of one message. Every field of a message comes from other people: all of it is rendered as
 * text through Lit bindings (never as HTML), and URLs pass `safeUrl` (http, https or relative) or are dropped.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { EmailBlock, Message, MessageButton } from '../../client/types.js';
import type { Translator } from '../../i18n/index.js';
import { clampWatch } from '../../internal/clamp-watcher.js';
import { icon, type NotifIcons } from '../../internal/icons.js';
import { safeImageUrl, safeUrl } from '../../internal/safe-url.js';
import { runHook, type NotifRowContext, type RowRenderers } from './render-hooks.js';

export interface MessageView {
  message: Message;
  index: number;
  /** Total count for `aria-setsize`, or -1 when more pages exist. */
  setSize: number;
  /** The roving tabindex: only the active message is in the tab order. */
  active: boolean;
  /** Whether the whole body shows (it is clamped to two lines otherwise). */
  expanded: boolean;
  now: Date;
  t: Translator;
  /** Avatar URLs that failed to load, so the fallback shows. */
  brokenAvatars: ReadonlySet<string>;
  /** Called with the body element as it renders, to offer "Show more" (see `ClampWatcher`). */
  watchClamp: (element: Element) => void;
  /** The element's render hooks. */
  hooks: RowRenderers;
  /** The element's replacement icons. */
  icons: NotifIcons | undefined;
  /** The context handed to the hooks (made once per row, when a hook asks for it). */
  context: () => NotifRowContext;
  /** Whether this row's "More actions" menu is open (see `row-menu-hook.ts`). */
  menuOpen: boolean;
  /**
   * Whether the row's tools draw their icons. The tools are invisible until their row is hovered or focused
   * (on screens with hover), so their icons wait for the first pointer or focus in the list: see
   * `NotifInbox`'s `#toolIcons`. Their buttons are always there, named by their titles.
   */
  toolIcons: boolean;
  /** With `selectable`: the row's checkbox, first in the row. */
  selectBox?: TemplateResult | undefined;
  /** Renders a body's text formatted (`body-format="markdown"`, once its module is loaded); else plain text. */
  formatBody?: BodyFormatter | undefined;
}

/** Renders the text of a body (or of one text block) formatted, as a Lit template; see `body-format.ts`. */
export type BodyFormatter = (text: string, focusable: boolean) => TemplateResult;

const ALIGNMENTS = new Set(['left', 'center', 'right']);

/** The text shown as a message's title: subject, else title. */
export function messageHeading(message: Message): string {
  return (
    (typeof message.subject === 'string' && message.subject) ||
    (typeof message.title === 'string' && message.title) ||
    ''
  );
}

/**
 * The person who sent a message, when its payload names one: `payload.actor` or `payload.subscriber`, as a
 * string, `{ name }` or `{ firstName, lastName }`. Never the subject, never the recipient.
 */
export function senderName(message: Message): string {
  const payload = message.payload;
  if (!payload || typeof payload !== 'object') return '';
  for (const key of ['actor', 'subscriber'] as const) {
    const sender = (payload as Record<string, unknown>)[key];
    if (typeof sender === 'string') return sender.trim();
    if (sender && typeof sender === 'object') {
      const { name, firstName, lastName } = sender as Record<string, unknown>;
      if (typeof name === 'string' && name.trim()) return name.trim();
      const full = [firstName, lastName].filter((part) => typeof part === 'string').join(' ');
      if (full.trim()) return full.trim();
    }
  }
  return '';
}

/** Up to two initials of a name ("Maya Chen" gives "MC"), in the name's own script. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? [];
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return picked.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '').join('');
}

export function renderMessage(view: MessageView): TemplateResult {
  const { message, index, active, t, hooks, context } = view;
  const custom = runHook(hooks.renderMessage, message, context);
  if (custom !== undefined) return renderCustomRow(view, custom);
  const id = `msg-${index}`;
  const customSubject = runHook(hooks.renderSubject, message, context);
  const customAvatar = runHook(hooks.renderAvatar, message, context);
  const customBody = runHook(hooks.renderBody, message, context);
  const customActions = runHook(hooks.renderActions, message, context);
  const heading = messageHeading(message);
  const buttons = message.cta?.action?.buttons ?? [];
  const hasHeading = customSubject === undefined ? heading !== '' : customSubject !== nothing;
  const tabindex = active ? 0 : -1;
  const toggleLabel = message.read ? t.t('inbox.markUnread') : t.t('inbox.markRead');
  // What a screen reader reads after the name on focus: "Unread" first (the dot's hidden text is in neither
  // the name nor the description otherwise), then the body and the time.
  const describedBy = [message.read ? '' : `${id}-unread`, hasHeading ? `${id}-content` : '', `${id}-time`]
    .filter(Boolean)
    .join(' ');
  return html`<article
    class=${message.read ? 'item' : 'item unread'}
    part=${message.read ? 'item' : 'item item-unread'}
    data-index=${index}
    data-key=${message._id}
    tabindex=${tabindex}
    aria-posinset=${index + 1}
    aria-setsize=${view.setSize}
    aria-labelledby=${hasHeading ? `${id}-heading` : `${id}-content`}
    aria-describedby=${describedBy}
  >
    ${view.selectBox ?? nothing}
    ${
      customAvatar === undefined
        ? renderAvatar(message, view)
        : html`<span class="avatar custom" part="avatar" aria-hidden="true">${customAvatar}</span>`
    }
    <div class="main">
      <div class="head">
        ${
          message.read
            ? nothing
            : html`<span class="unread-dot" part="unread-marker"
                ><span class="visually-hidden" id="${id}-unread">${t.t('inbox.unreadMarker')}</span></span
              >`
        }
        ${
          customSubject !== undefined
            ? hasHeading
              ? html`<div class="heading" part="subject" id="${id}-heading" dir="auto">${customSubject}</div>`
              : nothing
            : hasHeading
              ? html`<p class="heading" part="subject" id="${id}-heading" dir="auto">${heading}</p>`
              : nothing
        }
        ${renderTime(message, view.now, t, `${id}-time`)}
      </div>
      <div class="body" dir="auto">
        <div
          class=${view.expanded ? 'content expanded' : 'content'}
          part="content"
          id="${id}-content"
          ${clampWatch(view.watchClamp)}
        >
          ${customBody === undefined ? renderContent(message.content, active, view.formatBody) : customBody}
        </div>
        <button
          class="more"
          part="show-more"
          data-action="expand"
          aria-expanded=${view.expanded ? 'true' : 'false'}
          aria-controls="${id}-content"
          tabindex=${tabindex}
        >
          ${view.expanded ? t.t('inbox.showLess') : t.t('inbox.showMore')}
        </button>
      </div>
      ${
        customActions !== undefined
          ? customActions === nothing
            ? nothing
            : html`<div class="actions" part="actions">${customActions}</div>`
          : buttons.length
            ? html`<div class="actions" part="actions">
                ${buttons.map((button, i) => renderButton(button, i, active))}
              </div>`
            : nothing
      }
    </div>
    <div class="tools" part="tools">
      <button
        class="icon-button"
        part="toggle-read"
        data-action="toggle-read"
        tabindex=${tabindex}
        title=${hasHeading ? `${toggleLabel}: ${heading}` : toggleLabel}
      >
        ${
          !view.toolIcons
            ? nothing
            : message.read
              ? (view.icons?.markUnread ?? icon('envelopeDot'))
              : (view.icons?.markRead ?? icon('check'))
        }
      </button>
      ${renderMoreButton(view, hasHeading ? heading : '')}
    </div>
  </article>`;
}

/**
 * The row's "More actions" button (the WAI-ARIA menu button). Light: the menu's code loads on the first hover,
 * focus or click of such a button (`row-menu-hook.ts`). Reached as the read/unread button is: in the active
 * row's tab order (roving tabindex), remembered by the row's focus keeper through `data-action`.
 */
function renderMoreButton(view: MessageView, heading: string): TemplateResult {
  const label = view.t.t('rowMenu.more');
  return html`<button
    class="icon-button"
    part="more-button"
    data-action="row-menu"
    aria-haspopup="menu"
    aria-expanded=${view.menuOpen ? 'true' : 'false'}
    tabindex=${view.active ? 0 : -1}
    title=${heading ? `${label}: ${heading}` : label}
  >
    ${view.toolIcons ? icon('more') : nothing}
  </button>`;
}

/**
 * A row whose whole content comes from `renderMessage`. The `<article>` stays the inbox's: it is named by the
 * message's subject (else its body text) and described by its unread state, body and time, from hidden text
 * (read by screen readers as the name of the row, never twice in browse mode), as a default row is.
 */
function renderCustomRow(view: MessageView, content: unknown): TemplateResult {
  const { message, index, active, t } = view;
  const id = `msg-${index}`;
  const heading = messageHeading(message);
  const body = contentText(message.content);
  const created = new Date(message.createdAt);
  const describedBy = [
    message.read ? '' : `${id}-unread`,
    heading && body ? `${id}-content` : '',
    `${id}-time`,
  ]
    .filter(Boolean)
    .join(' ');
  return html`<article
    class=${message.read ? 'item custom' : 'item custom unread'}
    part=${message.read ? 'item' : 'item item-unread'}
    data-index=${index}
    data-key=${message._id}
    tabindex=${active ? 0 : -1}
    aria-posinset=${index + 1}
    aria-setsize=${view.setSize}
    aria-labelledby="${id}-heading"
    aria-describedby=${describedBy}
  >
    <div hidden>
      <span id="${id}-heading">${heading || body}</span>
      ${message.read ? nothing : html`<span id="${id}-unread">${t.t('inbox.unreadMarker')}</span>`}
      ${heading && body ? html`<span id="${id}-content">${body}</span>` : nothing}
      <span id="${id}-time">${Number.isNaN(created.getTime()) ? '' : t.relativeTime(created, view.now)}</span>
    </div>
    ${view.selectBox ?? nothing}${content}
  </article>`;
}

/**
 * The sender's initials (or a neutral icon for messages from no one), with the avatar picture on top when the
 * message has a safe one: while it loads, or when it fails, the initials show.
 */
export function renderAvatar(
  message: Message,
  view: Pick<MessageView, 'brokenAvatars'> & Partial<Pick<MessageView, 'icons'>>,
): TemplateResult {
  const src = safeImageUrl(message.avatar);
  const picture = src && !view.brokenAvatars.has(src);
  const initials = initialsOf(senderName(message));
  return html`<span
    class=${initials ? 'avatar' : 'avatar neutral'}
    part=${picture ? 'avatar' : 'avatar avatar-fallback'}
    aria-hidden="true"
    >${initials || (view.icons?.system ?? icon('bell'))}${
      picture
        ? html`<img
            part="avatar-image"
            src=${src}
            alt=""
            loading="lazy"
            decoding="async"
            referrerpolicy="no-referrer"
            data-avatar=${src}
          />`
        : nothing
    }</span
  >`;
}

function renderContent(
  content: Message['content'],
  active: boolean,
  format?: BodyFormatter,
): TemplateResult | typeof nothing {
  if (typeof content === 'string')
    return format ? format(content, active) : html`<p class="text">${content}</p>`;
  if (!Array.isArray(content)) return nothing;
  return html`${content.map((block) => renderBlock(block, active, format))}`;
}

function renderBlock(
  block: EmailBlock,
  active: boolean,
  format?: BodyFormatter,
): TemplateResult | typeof nothing {
  if (!block || typeof block !== 'object') return nothing;
  const text = typeof block.content === 'string' ? block.content : '';
  const align = block.styles && ALIGNMENTS.has(block.styles.textAlign) ? block.styles.textAlign : undefined;
  const classes = align ? `align-${align}` : '';
  if (block.type === 'button') {
    const href = safeUrl(block.url);
    return href
      ? html`<p class=${classes}>
          <a
            class="button block-button"
            part="block-button"
            href=${href}
            rel="noopener noreferrer nofollow"
            tabindex=${active ? 0 : -1}
            >${text}</a
          >
        </p>`
      : html`<p class=${classes}><span class="block-button-text">${text}</span></p>`;
  }
  if (format) return html`<div class="text ${align ? `align-${align}` : ''}">${format(text, active)}</div>`;
  return html`<p class="text ${align ? `align-${align}` : ''}">${text}</p>`;
}

function renderButton(button: MessageButton, index: number, active: boolean): TemplateResult {
  const primary = button.type === 'primary';
  return html`<button
    class="button small ${primary ? 'primary' : ''}"
    part=${primary ? 'action action-primary' : 'action action-secondary'}
    data-action="cta"
    data-button=${index}
    tabindex=${active ? 0 : -1}
  >
    ${typeof button.content === 'string' ? button.content : ''}
  </button>`;
}

/** When a message was created: narrow and relative on screen, in full for screen readers and as a tooltip. */
export function renderTime(message: Message, now: Date, t: Translator, id: string): TemplateResult {
  const created = new Date(message.createdAt);
  const valid = !Number.isNaN(created.getTime());
  return html`<time
    class="time"
    part="time"
    id=${id}
    datetime=${valid ? created.toISOString() : nothing}
    title=${valid ? t.dateTime(created) : nothing}
    ><span aria-hidden="true">${valid ? t.relativeTime(created, now, 'narrow') : ''}</span
    ><span class="visually-hidden">${valid ? t.relativeTime(created, now) : ''}</span></time
  >`;
}

/** A message's body as one plain text (the text of its blocks, buttons included), for places without links. */
export function contentText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) =>
      block && typeof block === 'object' && typeof (block as EmailBlock).content === 'string'
        ? (block as EmailBlock).content
        : '',
    )
    .filter(Boolean)
    .join(' ');
}

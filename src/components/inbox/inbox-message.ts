/**
 * The template of one message. Every field of a message comes from other people: all of it is rendered as
 * text through Lit bindings (never as HTML), and URLs pass `safeUrl` (http, https or relative) or are dropped.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import type { EmailBlock, Message, MessageButton } from '../../client/types.js';
import type { Translator } from '../../i18n/index.js';
import { safeImageUrl, safeUrl } from '../../internal/safe-url.js';

export interface MessageView {
  message: Message;
  index: number;
  /** Total count for `aria-setsize`, or -1 when more pages exist. */
  setSize: number;
  /** The roving tabindex: only the active message is in the tab order. */
  active: boolean;
  now: Date;
  t: Translator;
  /** Avatar URLs that failed to load, so the fallback shows. */
  brokenAvatars: ReadonlySet<string>;
}

const ALIGNMENTS = new Set(['left', 'center', 'right']);

/** The text shown as a message's title: subject, else title. */
export function messageHeading(message: Message): string {
  return (
    (typeof message.subject === 'string' && message.subject) ||
    (typeof message.title === 'string' && message.title) ||
    ''
  );
}

export function renderMessage(view: MessageView): TemplateResult {
  const { message, index, active, t } = view;
  const id = `msg-${index}`;
  const heading = messageHeading(message);
  const created = new Date(message.createdAt);
  const validDate = !Number.isNaN(created.getTime());
  const buttons = message.cta?.action?.buttons ?? [];
  const hasHeading = heading !== '';
  return html`<article
    class=${classMap({ item: true, unread: !message.read })}
    part=${message.read ? 'item' : 'item item-unread'}
    data-index=${index}
    data-key=${message._id}
    tabindex=${active ? 0 : -1}
    aria-posinset=${index + 1}
    aria-setsize=${view.setSize}
    aria-labelledby=${hasHeading ? `${id}-heading` : `${id}-content`}
    aria-describedby=${hasHeading ? `${id}-content ${id}-time` : `${id}-time`}
  >
    ${renderAvatar(message, view)}
    <div class="main">
      ${hasHeading ? html`<p class="heading" part="subject" id="${id}-heading" dir="auto">${heading}</p>` : nothing}
      <div class="content" part="content" id="${id}-content" dir="auto">
        ${renderContent(message.content, active)}
      </div>
      ${
        buttons.length
          ? html`<div class="actions" part="actions">
              ${buttons.map((button, i) => renderButton(button, i, active))}
            </div>`
          : nothing
      }
      <time
        class="time"
        part="time"
        id="${id}-time"
        datetime=${validDate ? created.toISOString() : nothing}
        title=${validDate ? t.dateTime(created) : nothing}
        >${validDate ? t.relativeTime(created, view.now) : ''}</time
      >
    </div>
    <div class="side">
      ${
        message.read
          ? nothing
          : html`<span class="unread-dot" part="unread-marker"
              ><span class="visually-hidden">${t.t('inbox.unreadMarker')}</span></span
            >`
      }
      <button
        class="button quiet toggle-read"
        part="toggle-read"
        data-action="toggle-read"
        tabindex=${active ? 0 : -1}
        aria-label=${hasHeading ? `${message.read ? t.t('inbox.markUnread') : t.t('inbox.markRead')}: ${heading}` : nothing}
      >
        ${message.read ? t.t('inbox.markUnread') : t.t('inbox.markRead')}
      </button>
    </div>
  </article>`;
}

function renderAvatar(message: Message, view: MessageView): TemplateResult {
  const src = safeImageUrl(message.avatar);
  if (src && !view.brokenAvatars.has(src)) {
    return html`<img
      class="avatar"
      part="avatar"
      src=${src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerpolicy="no-referrer"
      data-avatar=${src}
    />`;
  }
  const initial = initialOf(messageHeading(message));
  return html`<span class="avatar fallback" part="avatar avatar-fallback" aria-hidden="true"
    >${initial}</span
  >`;
}

function initialOf(text: string): string {
  const first = text.trim().match(/\p{L}|\p{N}/u);
  return first ? first[0].toLocaleUpperCase() : '•';
}

function renderContent(content: Message['content'], active: boolean): TemplateResult | typeof nothing {
  if (typeof content === 'string') return html`<p class="text">${content}</p>`;
  if (!Array.isArray(content)) return nothing;
  return html`${content.map((block) => renderBlock(block, active))}`;
}

function renderBlock(block: EmailBlock, active: boolean): TemplateResult | typeof nothing {
  if (!block || typeof block !== 'object') return nothing;
  const text = typeof block.content === 'string' ? block.content : '';
  const align = block.styles && ALIGNMENTS.has(block.styles.textAlign) ? block.styles.textAlign : undefined;
  const classes = classMap({ [`align-${align}`]: !!align });
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
  return html`<p class="text ${align ? `align-${align}` : ''}">${text}</p>`;
}

function renderButton(button: MessageButton, index: number, active: boolean): TemplateResult {
  const primary = button.type === 'primary';
  return html`<button
    class="button ${primary ? 'primary' : ''}"
    part=${primary ? 'action action-primary' : 'action action-secondary'}
    data-action="cta"
    data-button=${index}
    tabindex=${active ? 0 : -1}
  >
    ${typeof button.content === 'string' ? button.content : ''}
  </button>`;
}

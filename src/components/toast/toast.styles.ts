import { css } from 'lit';
import { avatarStyles } from '../inbox/avatar.styles.js';
import { visuallyHidden } from '../../internal/theme.styles.js';

export const toastStyles = css`
  :host {
    --_width: var(--notif-toast-width, 22rem);
    --_gap: var(--notif-toast-gap, 0.5rem);
    --_offset: var(--notif-toast-offset, 1rem);
    --_avatar: var(--notif-toast-avatar-size, 2rem);
    --_separator: color-mix(in srgb, var(--_border) 60%, transparent);
    position: fixed;
    z-index: var(--notif-toast-z-index, 2147483000);
    inset-inline-end: var(--_offset);
    inset-block-start: var(--_offset);
    display: block;
    inline-size: min(var(--_width), calc(100vw - 2 * var(--_offset)));
    pointer-events: none;
  }

  :host([position^='bottom']) {
    inset-block-start: auto;
    inset-block-end: var(--_offset);
  }

  :host([position$='-start']) {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }

  .visually-hidden {
    ${visuallyHidden}
  }

  .list {
    display: flex;
    flex-direction: column-reverse;
    gap: var(--_gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  /* The list is oldest first; the newest toast shows nearest the corner's edge: on top at the top, at the
     bottom at the bottom. */
  :host([position^='bottom']) .list {
    flex-direction: column;
  }

  .toast {
    position: relative;
    display: grid;
    grid-template-columns: var(--_avatar) minmax(0, 1fr) auto;
    gap: var(--_space-s) var(--_space);
    align-items: start;
    padding: var(--_space);
    border: 1px solid var(--_separator);
    border-radius: var(--notif-toast-radius, var(--_radius));
    background: var(--notif-toast-background, var(--_bg));
    color: var(--_fg);
    box-shadow: var(--notif-toast-shadow, var(--_shadow));
    font-size: var(--_font-size);
    line-height: 1.4;
    pointer-events: auto;
    animation: notif-toast-in 180ms ease-out;
  }

  .toast:hover {
    background: color-mix(in srgb, var(--_fg) 3%, var(--notif-toast-background, var(--_bg)));
  }

  .toast:focus-within {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  /* Movement only: a fade would leave the text faint (and below contrast) for a moment. */
  @keyframes notif-toast-in {
    from {
      translate: 0 -0.5rem;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .toast {
      animation: none;
    }
  }

  ${avatarStyles}

  .main {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
    min-inline-size: 0;
  }

  .head {
    display: flex;
    align-items: baseline;
    gap: var(--_space-s);
  }

  /* The subject is the button that opens the message; its area covers the whole toast. */
  .open {
    flex: 1;
    min-inline-size: 0;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-align: start;
    cursor: pointer;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }

  .open::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }

  .open:focus-visible {
    outline: none;
  }

  .time {
    flex: none;
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.75rem;
    white-space: nowrap;
  }

  .content {
    margin: 0;
    color: var(--_muted);
    font-size: var(--_font-size-s);
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }

  /* Render hooks. A custom toast (renderMessage): the open button covers the toast, its subject as hidden
     text; the content's own controls, and those of renderActions, sit above it and keep their clicks. */
  .toast:has(> .cover) {
    grid-template-columns: minmax(0, 1fr) auto;
  }

  .open.cover {
    position: absolute;
    inset: 0;
    display: block;
    border-radius: inherit;
  }

  .custom-content,
  .actions {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-s);
    margin-block-start: var(--_space-s);
  }

  :is(.custom-content, .actions, .content)
    :is(a[href], button, input, select, textarea, summary, label, [tabindex], [role='button']) {
    position: relative;
  }

  /* A formatted body (body-format="markdown"). */
  .md p {
    margin: 0;
  }
  .md :is(ul, ol) {
    margin: 0;
    padding-inline-start: 0.25rem;
    list-style-position: inside;
  }
  .md code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
  }
  .md a {
    position: relative; /* above the open button's area */
    color: inherit;
    text-decoration: underline;
  }

  .dismiss {
    position: relative; /* above the open button's area */
    display: inline-grid;
    place-items: center;
    inline-size: 1.75rem;
    block-size: 1.75rem;
    margin-block: -0.25rem;
    margin-inline-end: -0.25rem;
    padding: 0;
    border: 0;
    border-radius: var(--_radius-s);
    background: none;
    color: var(--_muted);
    cursor: pointer;
  }

  .dismiss:hover {
    background: var(--_bg-raised);
    color: var(--_fg);
  }

  .dismiss:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }

  .dismiss .icon {
    inline-size: 1rem;
    block-size: 1rem;
  }
`;

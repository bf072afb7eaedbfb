import { css } from 'lit';
import { avatarStyles } from './avatar.styles.js';

export const inboxStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    block-size: 100%;
    min-block-size: 0;
    --_avatar: var(--notif-inbox-avatar-size, 2rem);
    --_list-height: var(--notif-inbox-height, 30rem);
    --_row-pad-block: var(--notif-row-padding-block, 0.75rem);
    --_row-pad-inline: var(--notif-row-padding-inline, 1rem);
    --_row-pad-start: calc(var(--_row-pad-inline) + 0.5rem);
    --_row-gap: var(--notif-row-gap, 0.75rem);
    --_body-lines: 2;
    --_separator: color-mix(in srgb, var(--_border) 55%, transparent);
  }

  /* Compact: tighter rows, a smaller avatar, one line of body. */
  :host([density='compact']) {
    --_avatar: var(--notif-inbox-avatar-size, 1.5rem);
    --_row-pad-block: var(--notif-row-padding-block, 0.5rem);
    --_row-pad-inline: var(--notif-row-padding-inline, 0.875rem);
    --_row-gap: var(--notif-row-gap, 0.5rem);
    --_body-lines: 1;
  }

  .inbox {
    container-type: inline-size;
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    min-block-size: 0;
    min-inline-size: 0;
    position: relative;
    background: var(--_bg);
    color: var(--_fg);
    border-radius: var(--_radius);
  }

  /* Header: one row (the title, the views as tabs, the tools at the end). When the title and the views do not
     fit beside the tools, the views move under the title: the tools (and the bell's close button) keep the
     top end corner. */

  .header {
    display: flex;
    align-items: flex-start;
    gap: var(--_space-s);
    padding-inline: var(--_row-pad-inline) calc(var(--_row-pad-inline) - 0.375rem);
    border-block-end: 1px solid var(--_border);
  }

  .header-main {
    display: flex;
    flex: 1 1 auto;
    flex-wrap: wrap;
    align-items: center;
    column-gap: 1rem;
    min-inline-size: 0;
  }

  .header-row {
    display: flex;
    flex: none;
    align-items: center;
    gap: 2px;
    min-block-size: 2.75rem;
  }

  .title {
    flex: 0 1 auto;
    max-inline-size: 100%;
    margin: 0;
    padding-block: 0.625rem;
    font-size: 1rem;
    font-weight: 600;
    line-height: 1.5rem;
    overflow-wrap: anywhere;
  }

  .title:focus:not(:focus-visible) {
    outline: none;
  }

  .views {
    display: flex;
    align-self: stretch;
    gap: 1rem;
    margin-block-end: -1px;
  }

  .view {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    min-block-size: 2.75rem;
    padding-block: 0 2px;
    padding-inline: 0;
    border: 0;
    border-block-end: 2px solid transparent;
    background: transparent;
    color: var(--_muted);
    font-size: var(--_font-size-s);
    font-weight: 500;
    cursor: pointer;
  }

  .view:hover {
    color: var(--_fg);
  }

  .view:is([aria-pressed='true'], [aria-selected='true']) {
    color: var(--_fg);
    font-weight: 600;
    border-block-end-color: var(--_accent);
  }

  .view-count {
    min-inline-size: 1.25rem;
    padding-inline: 0.375rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_accent) 14%, transparent);
    color: var(--_accent);
    font-size: 0.75rem;
    font-weight: 600;
    line-height: 1.25rem;
    text-align: center;
    font-variant-numeric: tabular-nums;
  }

  .inbox > .banner {
    margin-block: var(--_space-s) 0;
    margin-inline: var(--_space);
  }

  /* The list: fills the inbox; when the container gives no height, it is --notif-inbox-height tall. */

  .list,
  .skeleton,
  .state {
    flex: 1 1 var(--_list-height);
    min-block-size: 0;
    max-block-size: var(--notif-inbox-max-height, none);
  }

  .list {
    display: block;
    position: relative;
    overflow-y: auto;
    overscroll-behavior: contain;
  }

  /* The list takes the focus only for a moment, while its rows are replaced: no ring for that. */
  .list:focus {
    outline: none;
  }

  /* A message: avatar | subject and time, body (two lines), buttons. Per-message tools float at the end. */

  .item {
    position: relative;
    display: grid;
    grid-template-columns: var(--_avatar) minmax(0, 1fr);
    column-gap: var(--_row-gap);
    inline-size: 100%;
    padding-block: var(--_row-pad-block);
    padding-inline: var(--_row-pad-start) var(--_row-pad-inline);
    border-block-end: 1px solid var(--_separator);
    --_row-bg: var(--notif-row-bg, var(--_bg));
    background: var(--_row-bg);
    cursor: pointer;
  }

  .item.unread {
    --_row-bg: var(--notif-row-unread-bg, var(--_unread-bg));
  }

  /* Hover and the focused row darken the row's own background (read or unread), so both show on any row. */
  .item:hover {
    background: var(--notif-row-hover-bg, color-mix(in srgb, var(--_fg) 5%, var(--_row-bg)));
  }

  .item:focus-visible,
  .item:has(:focus-visible) {
    background: var(--notif-row-selected-bg, color-mix(in srgb, var(--_accent) 9%, var(--_row-bg)));
  }

  .item:focus-visible {
    outline-offset: -2px;
  }

  /* A row rendered by renderMessage: its content lays itself out. */
  .item.custom {
    display: block;
    padding-inline: var(--_row-pad-inline);
  }

  /* In the subject's line (its static position), centred on that line's box whatever the row's padding. */
  .unread-dot {
    position: absolute;
    inset-inline-start: calc(var(--_row-pad-start) / 2 - 0.25rem);
    align-self: flex-start;
    margin-block-start: calc((1lh - 0.5rem) / 2);
    line-height: 1.35;
    inline-size: 0.5rem;
    block-size: 0.5rem;
    border-radius: 50%;
    background: var(--_accent);
  }

  ${avatarStyles}

  .avatar {
    letter-spacing: 0.02em;
  }

  .avatar.custom {
    background: none;
  }

  .main {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.125rem;
    min-inline-size: 0;
  }

  .head {
    display: flex;
    align-items: baseline;
    gap: var(--_space-s);
    inline-size: 100%;
  }

  .heading {
    flex: 1;
    min-inline-size: 0;
    margin: 0;
    font-size: 0.875rem;
    font-weight: 500;
    line-height: 1.35;
    overflow-wrap: anywhere;
    /* A subject is a line or two: one of 100 KB must not make a row taller than the list. */
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }

  .unread .heading {
    font-weight: 600;
  }

  .time {
    flex: none;
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.6875rem;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  .content {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_body-lines);
    overflow: hidden;
    inline-size: 100%;
    color: color-mix(in srgb, var(--_fg) 30%, var(--_muted));
    font-size: var(--_font-size-s);
    line-height: 1.4;
  }

  .content.expanded {
    display: block;
    -webkit-line-clamp: none;
  }

  .content p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }

  .content p + p {
    margin-block-start: 0.25rem;
  }

  /* Formatted bodies (body-format="markdown", see internal/markdown.ts). */
  /* Markers inside: they stay by their text however the row aligns a body of the other direction. */
  .md :is(ul, ol) {
    margin: 0.125rem 0 0;
    padding-inline-start: 0.25rem;
    list-style-position: inside;
  }
  .md code {
    padding: 0 0.25em;
    border-radius: 0.25em;
    background: var(--_bg-raised);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
  }
  .md a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }

  .align-center {
    text-align: center;
  }
  .align-left {
    text-align: start;
  }
  .align-right {
    text-align: end;
  }

  .body {
    position: relative;
    inline-size: 100%;
  }

  /* "Show more" sits over the end of the last line, where the text fades out: a mask, so the fade follows
     whatever background the row has (a token, a ::part rule, hover). */
  .item[data-clamped] .content:not(.expanded) {
    --_fade: linear-gradient(to left, transparent 5.5rem, #000 7.5rem);
    mask:
      linear-gradient(#000 0 0) top / 100% calc(100% - 1.4em) no-repeat,
      var(--_fade) bottom / 100% 1.4em no-repeat;
  }

  .item[data-clamped] .content:not(.expanded):dir(rtl) {
    --_fade: linear-gradient(to right, transparent 5.5rem, #000 7.5rem);
  }

  .more {
    display: none;
    position: absolute;
    inset-block-end: 0;
    inset-inline-end: 0;
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    line-height: 1.4rem;
    font-size: 0.75rem;
    font-weight: 500;
    cursor: pointer;
  }

  .more:hover {
    text-decoration: underline;
  }

  .item[data-clamped] .more,
  .content.expanded + .more {
    display: inline-block;
  }

  .content.expanded + .more {
    position: static;
  }

  /* The first call to action: a soft button (a tint of the accent), so that a list of messages does not
     shout; its own tokens let a brand fill or recolour it alone. */
  .actions .button.primary {
    border-color: var(--notif-action-primary-border, color-mix(in srgb, var(--_accent) 35%, transparent));
    background: var(--notif-action-primary-bg, color-mix(in srgb, var(--_accent) 9%, var(--_bg)));
    color: var(--notif-action-primary-color, var(--_accent));
    filter: none;
  }

  .actions .button.primary:hover:not(:disabled) {
    background: var(--notif-action-primary-bg, color-mix(in srgb, var(--_accent) 16%, var(--_bg)));
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-s);
    margin-block-start: 0.375rem;
  }

  .tools {
    position: absolute;
    inset-block-start: 0.375rem;
    inset-inline-end: 0.625rem;
    display: flex;
    gap: 2px;
    padding: 2px;
    border-radius: var(--_radius-s);
    background: var(--_bg);
    box-shadow:
      0 0 0 1px var(--_border),
      0 2px 6px rgb(0 0 0 / 0.08);
    opacity: 0;
    transition: opacity 80ms ease-out;
  }

  .tools .icon-button {
    inline-size: 1.75rem;
    block-size: 1.75rem;
  }

  .item:hover .tools,
  .item:focus-within .tools {
    opacity: 1;
  }

  .item:hover .time,
  .item:focus-within .time {
    opacity: 0;
  }

  /* Touch screens have no hover: the tools take a column of their own and always show. (Headless browsers,
     with no pointer at all, show them on focus.) */
  @media (hover: none) and (pointer: coarse) {
    .item {
      grid-template-columns: var(--_avatar) minmax(0, 1fr) auto;
    }
    .tools {
      position: static;
      align-self: start;
      margin-block-start: -0.25rem;
      margin-inline-end: -0.5rem;
      background: transparent;
      box-shadow: none;
      opacity: 1;
    }
    .item:hover .time,
    .item:focus-within .time {
      opacity: 1;
    }
  }

  .footer {
    display: flex;
    justify-content: center;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space-s);
    border-block-start: 1px solid var(--_separator);
  }

  .footer.banner {
    justify-content: flex-start;
    margin: var(--_space-s);
    border-block-start: 0;
  }

  /* Loading: rows shaped like messages. */

  .skeleton {
    overflow: hidden;
  }

  .skeleton-row {
    display: grid;
    grid-template-columns: var(--_avatar) minmax(0, 1fr);
    column-gap: var(--_row-gap);
    padding-block: var(--_row-pad-block);
    padding-inline: var(--_row-pad-start) var(--_row-pad-inline);
    border-block-end: 1px solid var(--_separator);
  }

  .avatar-bone {
    inline-size: var(--_avatar);
    block-size: var(--_avatar);
    border-radius: 50%;
  }

  .bone-lines {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding-block-start: 0.25rem;
  }

  .bone-head {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
  }

  .title-bone {
    inline-size: 55%;
  }

  .time-bone {
    inline-size: 2.5rem;
  }

  .bone.short {
    inline-size: 70%;
  }

  @media (forced-colors: active) {
    .unread-dot {
      background: CanvasText;
      forced-color-adjust: none;
    }
    .item.unread {
      border-inline-start: 4px solid CanvasText;
    }
    .view:is([aria-pressed='true'], [aria-selected='true']) {
      border-block-end-color: Highlight;
    }
    .tools {
      border: 1px solid CanvasText;
    }
    /* The fade under "Show more" is dropped in forced colours: it takes a line of its own, under the clamped
       text, on the system's background. */
    .item[data-clamped] .more {
      position: static;
      color: LinkText;
    }
    .item[data-clamped] .content:not(.expanded) {
      mask: none;
    }
  }
`;

import { css } from 'lit';

export const inboxStyles = css`
  :host {
    display: block;
    --_avatar: var(--notif-inbox-avatar-size, 2.25rem);
  }

  .inbox {
    container-type: inline-size;
    display: flex;
    flex-direction: column;
    background: var(--_bg);
    color: var(--_fg);
    border-radius: var(--_radius);
    min-inline-size: 0;
    position: relative;
  }

  .header {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    padding: var(--_space);
    border-block-end: 1px solid var(--_border);
  }

  .title {
    margin: 0;
    font-size: 1.0625rem;
    font-weight: 600;
  }

  .header-row {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: var(--_space-s);
  }

  .spacer {
    flex: 1;
  }

  .views {
    display: inline-flex;
    gap: 2px;
    padding: 2px;
    border-radius: 999px;
    background: var(--_bg-raised);
  }

  .view {
    border: 0;
    border-radius: 999px;
    padding-block: 0.25rem;
    padding-inline: 0.75rem;
    background: transparent;
    cursor: pointer;
    min-block-size: 1.75rem;
  }

  .view[aria-pressed='true'] {
    background: var(--_bg);
    box-shadow: 0 0 0 1px var(--_border);
    font-weight: 600;
  }

  .view-count {
    color: var(--_accent);
    font-weight: 600;
  }

  .banner {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    margin: var(--_space-s) var(--_space);
    padding: var(--_space-s) var(--_space);
    border-radius: var(--_radius-s);
    background: var(--_danger-bg);
    color: var(--_danger);
  }

  .list {
    display: block;
    overflow-y: auto;
    overscroll-behavior: contain;
    max-block-size: var(--notif-inbox-max-height, 28rem);
    min-block-size: 0;
    position: relative;
  }

  /* The list takes the focus only for a moment, while its rows are replaced: no ring for that. */
  .list:focus {
    outline: none;
  }

  .list.virtual {
    block-size: var(--notif-inbox-max-height, 28rem);
  }

  .item {
    display: grid;
    grid-template-columns: var(--_avatar) minmax(0, 1fr) auto;
    gap: var(--_space);
    inline-size: 100%;
    padding: var(--_space);
    border-block-end: 1px solid var(--_border);
    cursor: pointer;
    background: var(--_bg);
  }

  .item.unread {
    background: var(--_unread-bg);
  }

  .item:hover {
    background: var(--_bg-raised);
  }

  .item:focus-visible {
    outline-offset: -2px;
  }

  .avatar {
    inline-size: var(--_avatar);
    block-size: var(--_avatar);
    border-radius: 50%;
    object-fit: cover;
    background: var(--_bg-raised);
  }

  .avatar.fallback {
    display: inline-grid;
    place-items: center;
    font-weight: 600;
    color: var(--_muted);
    border: 1px solid var(--_border);
  }

  .main {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    min-inline-size: 0;
  }

  .heading {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .content p {
    margin: 0;
    color: var(--_muted);
    white-space: pre-line;
    overflow-wrap: anywhere;
  }

  .content p + p {
    margin-block-start: 0.25rem;
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

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-s);
    margin-block-start: 0.25rem;
  }

  .time {
    font-size: var(--_font-size-s);
    color: var(--_muted);
  }

  .side {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: var(--_space-s);
  }

  .unread-dot {
    inline-size: 0.625rem;
    block-size: 0.625rem;
    border-radius: 50%;
    background: var(--_accent);
    margin-block-start: 0.375rem;
  }

  .toggle-read {
    font-size: var(--_font-size-s);
    min-block-size: 1.75rem;
    padding-inline: 0.5rem;
    white-space: nowrap;
  }

  .footer {
    display: flex;
    justify-content: center;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space);
  }

  .footer[part='error'] {
    color: var(--_danger);
  }

  .state {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--_space);
    padding-block: 2.5rem;
    padding-inline: var(--_space);
    text-align: center;
    color: var(--_muted);
  }

  .state p {
    margin: 0;
  }

  .state.error {
    color: var(--_danger);
  }

  .skeleton-row {
    display: flex;
    gap: var(--_space);
    padding: var(--_space);
    border-block-end: 1px solid var(--_border);
  }

  .bone {
    display: block;
    block-size: 0.75rem;
    border-radius: var(--_radius-s);
    background: var(--_bg-raised);
    animation: pulse 1.4s ease-in-out infinite;
  }

  .bone.short {
    inline-size: 60%;
  }

  .avatar-bone {
    inline-size: var(--_avatar);
    block-size: var(--_avatar);
    border-radius: 50%;
    flex: none;
  }

  .bone-lines {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    flex: 1;
  }

  /* Narrow panels (a phone): the read toggle moves under the message instead of taking a column. */
  @container (max-width: 24rem) {
    .item {
      grid-template-columns: var(--_avatar) minmax(0, 1fr);
    }
    .side {
      grid-column: 2;
      flex-direction: row-reverse;
      justify-content: space-between;
      align-items: center;
    }
    .unread-dot {
      margin-block-start: 0;
    }
  }

  @keyframes pulse {
    50% {
      opacity: 0.5;
    }
  }

  @media (forced-colors: active) {
    .unread-dot {
      background: CanvasText;
      forced-color-adjust: none;
    }
    .item.unread {
      border-inline-start: 4px solid CanvasText;
    }
    .view[aria-pressed='true'] {
      outline: 2px solid ButtonText;
    }
  }
`;

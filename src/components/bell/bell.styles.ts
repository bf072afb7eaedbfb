import { css } from 'lit';

export const bellStyles = css`
  :host {
    display: inline-block;
    position: relative;
    --_size: var(--notif-bell-size, 2.5rem);
  }

  .bell {
    position: relative;
    display: inline-grid;
    place-items: center;
    inline-size: var(--_size);
    block-size: var(--_size);
    padding: 0;
    border: 1px solid transparent;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }

  .bell:hover,
  :host([open]) .bell {
    background: color-mix(in srgb, currentColor 10%, transparent);
  }

  .bell-icon,
  ::slotted([slot='icon']) {
    inline-size: 55%;
    block-size: 55%;
    fill: currentColor;
  }

  /* The badge's centre sits on the glyph's top end corner: it covers a small corner of the bell, never the
     bell, and grows into a pill for "20+" and "99+". */
  .badge {
    position: absolute;
    inset-block-start: 8%;
    inset-inline-start: 55%;
    min-inline-size: 1.125rem;
    block-size: 1.125rem;
    padding-inline: 0.3125rem;
    border-radius: 999px;
    background: var(--notif-bell-badge-color, light-dark(#d92d20, #ff6b5e));
    color: light-dark(#ffffff, #1c1d21);
    box-shadow: 0 0 0 2px var(--_bg);
    font-size: 0.6875rem;
    font-weight: 700;
    line-height: 1.125rem;
    text-align: center;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  /* badge="dot": a dot on the glyph's top end corner; the bell's name still gives the count. */
  .badge.dot {
    inset-block-start: 14%;
    inset-inline-start: 62%;
    min-inline-size: 0;
    inline-size: 0.625rem;
    block-size: 0.625rem;
    padding: 0;
  }

  .panel {
    position: fixed;
    inset: auto;
    display: none;
    flex-direction: column;
    margin: 0;
    padding: 0;
    inline-size: min(var(--notif-bell-panel-width, 25rem), calc(100vw - 16px));
    block-size: min(var(--notif-bell-panel-height, 40rem), calc(100dvh - 16px));
    overflow: hidden;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: var(--_shadow);
  }

  .panel:popover-open {
    display: flex;
  }

  /* The panel takes the focus as it opens, to start the Tab order inside it; the open panel is its own cue. */
  .panel:focus {
    outline: none;
  }

  .panel > * {
    flex: 1 1 auto;
    min-block-size: 0;
  }

  .panel notif-inbox {
    --notif-radius-m: 0;
  }

  .close {
    display: none;
  }

  .settings-view {
    display: flex;
    flex-direction: column;
  }

  .settings-header {
    display: flex;
    align-items: center;
    gap: 0.25rem;
    padding-block: 0.5rem;
    padding-inline: 0.5rem 1rem;
    border-block-end: 1px solid var(--_border);
  }

  .settings-title {
    flex: 1;
    min-inline-size: 0;
    /* One long word ("Benachrichtigungseinstellungen") breaks rather than push the close button out. */
    overflow-wrap: anywhere;
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
  }

  .settings-title:focus:not(:focus-visible) {
    outline: none;
  }

  .preferences {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
  }

  /* The settings view has its own title. */
  .preferences::part(title) {
    display: none;
  }

  /* A phone: the panel is a full-screen sheet with a close button. */
  @media (max-width: 30rem) {
    .panel {
      inset-block-start: 0;
      inset-inline-start: 0;
      inline-size: 100dvw;
      block-size: 100dvh;
      max-inline-size: none;
      max-block-size: none;
      border: 0;
      border-radius: 0;
      box-shadow: none;
    }
    .close {
      display: inline-grid;
    }
  }

  @media (prefers-reduced-motion: no-preference) {
    .panel:popover-open {
      animation: appear 120ms ease-out;
    }
  }

  @keyframes appear {
    from {
      opacity: 0;
      transform: translateY(-4px);
    }
  }

  @media (forced-colors: active) {
    .badge {
      background: Highlight;
      color: HighlightText;
      forced-color-adjust: none;
    }
    .bell {
      border-color: ButtonText;
    }
    .panel {
      border: 1px solid CanvasText;
    }
  }
`;

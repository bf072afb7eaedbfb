import { css } from 'lit';

/**
 * The styles of the bell's panel: the popover, the phone's full-screen sheet, the settings view. Part of the
 * panel's module (issue 24): a closed bell needs only `bell.styles.ts`. Adopted into each bell's shadow root
 * after its own styles (see `adoptPanelStyles`), in the order they had as one sheet: these win over the
 * theme's `.icon-button` (`.close` is hidden on wide screens).
 */
export const panelStyles = css`
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
    .panel {
      border: 1px solid CanvasText;
    }
  }
`;

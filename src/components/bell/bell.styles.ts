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

  .bell:hover {
    background: color-mix(in srgb, currentColor 10%, transparent);
  }

  .icon {
    inline-size: 60%;
    block-size: 60%;
    fill: currentColor;
  }

  .badge {
    position: absolute;
    inset-block-start: 0;
    inset-inline-end: 0;
    min-inline-size: 1.25rem;
    block-size: 1.25rem;
    padding-inline: 0.3rem;
    border-radius: 999px;
    background: var(--notif-bell-badge-color, light-dark(#b42318, #ff8a80));
    color: light-dark(#ffffff, #1c1d21);
    font-size: 0.75rem;
    font-weight: 700;
    line-height: 1.25rem;
    text-align: center;
    font-variant-numeric: tabular-nums;
    transform: translate(25%, -25%);
  }

  :host(:dir(rtl)) .badge {
    transform: translate(-25%, -25%);
  }

  .panel {
    position: fixed;
    inset: auto;
    margin: 0;
    padding: 0;
    inline-size: min(var(--notif-bell-panel-width, 24rem), calc(100vw - 16px));
    max-block-size: calc(100vh - 16px);
    overflow: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: var(--_shadow);
  }

  .panel:focus {
    outline: none;
  }

  .panel:focus-visible {
    outline: 2px solid var(--_focus);
  }

  .panel notif-inbox {
    --notif-inbox-max-height: min(28rem, calc(100vh - 12rem));
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
      border-color: CanvasText;
    }
  }
`;

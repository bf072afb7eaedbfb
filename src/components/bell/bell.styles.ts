import { css } from 'lit';

/**
 * The styles of the bell's button and badge: all a closed bell needs, and all the server renders for it. The
 * panel's (its popover, the phone's sheet, the settings view) come with the panel's module
 * (`bell-panel.styles.ts`, adopted into the bell's shadow root as the module arrives).
 */
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

  @media (forced-colors: active) {
    .badge {
      background: Highlight;
      color: HighlightText;
      forced-color-adjust: none;
    }
    .bell {
      border-color: ButtonText;
    }
  }
`;

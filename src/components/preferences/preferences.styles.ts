import { css } from 'lit';
import { visuallyHidden } from '../../internal/theme.styles.js';

/**
 * `<notif-preferences>`: cards with subtle borders on the element's surface, rows with the label at the start
 * and the switch at the end, laid out by the width of the element itself (an inline-size container named
 * `notif-preferences`), so that it fits a 24rem panel as well as a page. Logical properties only.
 */
export const preferencesStyles = css`
  :host {
    display: block;
    --_success: var(--notif-color-success, light-dark(#1a7f37, #7ee2a1));
    --_card-pad: 0.875rem;
  }

  [hidden] {
    display: none !important;
  }

  .preferences {
    container: notif-preferences / inline-size;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding: var(--_space);
    background: var(--_bg);
    color: var(--_fg);
    border-radius: var(--_radius);
    line-height: 1.4;
  }

  .title {
    margin: 0;
    padding-inline: 0.125rem;
    font-size: 1.0625rem;
    font-weight: 600;
  }

  .card {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    min-inline-size: 0;
    padding-block: 0.75rem;
    padding-inline: var(--_card-pad);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
  }

  .card-title {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
    font-size: var(--_font-size);
    font-weight: 600;
  }

  .card-title .icon {
    color: var(--_muted);
  }

  .muted,
  .override,
  .note {
    margin: 0;
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  .button .icon {
    inline-size: 0.875rem;
    block-size: 0.875rem;
  }

  .button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  /* Switch rows: icon and label at the start, the switch at the end. */

  .switches {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    column-gap: 1.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .switch-row {
    display: flex;
    flex-direction: column;
    min-inline-size: 0;
  }

  .switch-row .switch,
  .day > .switch {
    inline-size: 100%;
    min-block-size: 2.25rem;
    gap: 0.625rem;
  }

  .switch-row .switch-track,
  .day > .switch .switch-track,
  .head-switch .switch-track {
    order: 1;
    margin-inline-start: auto;
  }

  .switch-label {
    overflow-wrap: anywhere;
  }

  .override {
    margin-block-start: -0.375rem;
    padding-block-end: 0.25rem;
    padding-inline-start: 1.625rem;
  }

  /* The schedule */

  .card-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }

  .head-switch .switch {
    min-block-size: 1.75rem;
  }

  /* Named for assistive technology, not shown: the heading says it; a range's dash does. */
  .head-switch .switch-label,
  .time-label {
    ${visuallyHidden}
  }

  .summary-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.375rem 0.75rem;
    min-block-size: 1.75rem;
  }

  .summary {
    flex: 1 1 10rem;
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }

  .saved {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    color: var(--_success);
    font-size: var(--_font-size-s);
    font-weight: 600;
    animation: saved-in 160ms ease-out;
  }

  /* Movement only: a fade would leave the text faint (and below contrast) for a moment. */
  @keyframes saved-in {
    from {
      transform: translateY(3px);
    }
  }

  .schedule-days {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.125rem 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  .schedule-days li {
    display: grid;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
  }

  .nowrap {
    white-space: nowrap;
  }

  .group-days {
    color: var(--_fg);
    font-weight: 500;
  }

  /* The schedule's time zone (schedule-timezone.ts). */
  .timezone {
    display: grid;
    /* A grid track would grow to the select's widest option (a long zone name) and push the card sideways. */
    grid-template-columns: minmax(0, 1fr);
    gap: 0.25rem;
  }
  .timezone-label {
    font-size: var(--_font-size-s);
    font-weight: 500;
  }
  /* Its look is the schedule's fields' (time-range.ts); it fills the card, whatever the zone's name. */
  .timezone-select {
    inline-size: 100%;
    min-inline-size: 0;
  }
  .timezone-note {
    margin: 0;
    overflow-wrap: anywhere;
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  .editor {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    margin-block-start: 0.375rem;
    padding-block-start: 0.75rem;
    border-block-start: 1px solid var(--_border);
  }

  .week {
    display: grid;
    grid-template-columns: repeat(7, minmax(0, 1fr));
    gap: 0.25rem;
  }

  .day-tab {
    position: relative;
    min-inline-size: 0;
    min-block-size: 2.25rem;
    padding: 0;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius-s);
    background: transparent;
    color: var(--_muted);
    font-size: var(--_font-size-s);
    font-weight: 500;
    text-decoration: line-through;
    cursor: pointer;
  }

  .day-tab:not([part~='day-tab-off']) {
    border-style: solid;
    border-color: color-mix(in srgb, var(--_accent) 40%, var(--_border));
    background: color-mix(in srgb, var(--_accent) 12%, var(--_bg));
    color: var(--_fg);
    text-decoration: none;
  }

  .day-tab[aria-selected='true'] {
    border-style: solid;
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
    color: var(--_fg);
    font-weight: 700;
  }

  .day-tab[aria-selected='true']:not([part~='day-tab-off']) {
    background: var(--_accent);
    color: var(--_on-accent);
  }

  .tab-alert {
    position: absolute;
    inset-block-start: 3px;
    inset-inline-end: 3px;
    inline-size: 0.4375rem;
    block-size: 0.4375rem;
    border-radius: 50%;
    background: var(--_danger);
    box-shadow: 0 0 0 1.5px var(--_bg);
  }

  .day {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }

  .day > .switch .switch-label {
    font-weight: 600;
  }

  .ranges {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
  }

  /* A range too wide for the card (a phone, 400 % zoom, large text, a long AM/PM) wraps, the end under the
     start: the times keep their width, so "06:00 PM" never shows as "06:00". */
  .range-fields {
    align-items: center;
  }

  .range-dash {
    padding-block-end: 0;
  }

  .day-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
  }

  .issues {
    color: var(--_danger);
    font-size: var(--_font-size-s);
  }

  .issues:empty {
    display: none;
  }

  .issues ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.5rem;
  }

  /* Notification types */

  .workflows {
    display: flex;
    flex-direction: column;
    margin-block: 0 -0.375rem;
    margin-inline: calc(var(--_card-pad) * -0.5);
    padding: 0;
    list-style: none;
  }

  .workflow + .workflow {
    border-block-start: 1px solid var(--_border);
  }

  .workflow-heading {
    margin: 0;
    font-size: inherit;
    font-weight: inherit;
  }

  .workflow-toggle {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    inline-size: 100%;
    min-block-size: 2.75rem;
    padding-block: 0.5rem;
    padding-inline: calc(var(--_card-pad) * 0.5);
    border: 0;
    border-radius: var(--_radius-s);
    background: transparent;
    text-align: start;
    cursor: pointer;
  }

  .workflow-toggle:hover {
    background: var(--_bg-raised);
  }

  .workflow-text {
    display: flex;
    flex: 1;
    flex-direction: column;
    min-inline-size: 0;
  }

  .workflow-name {
    font-weight: 500;
    overflow-wrap: anywhere;
  }

  .workflow-summary {
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  .chevron {
    display: inline-flex;
    color: var(--_muted);
    transition: transform 120ms ease;
  }

  .workflow-toggle[aria-expanded='true'] .chevron {
    transform: rotate(180deg);
  }

  .workflow-panel {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    margin-block: 0 0.625rem;
    margin-inline: calc(var(--_card-pad) * 0.5);
    padding-block: 0.25rem;
    padding-inline: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
  }

  .note {
    padding-block-start: 0.375rem;
  }

  .empty {
    padding-block: 0.25rem;
  }

  /* States */

  .skeleton {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }

  .skeleton-row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    min-block-size: 2rem;
  }

  .skeleton .bone {
    background: color-mix(in srgb, var(--_border) 55%, var(--_bg-raised));
  }

  .skeleton-row .bone {
    inline-size: 40%;
  }

  .title-bone {
    inline-size: 35%;
    block-size: 0.875rem;
    margin-block-end: 0.25rem;
  }

  .skeleton-row .switch-bone {
    inline-size: 2.25rem;
    block-size: 1.25rem;
    border-radius: 999px;
  }

  /* Wider containers: two columns of switches, roomier cards. */

  @container notif-preferences (min-width: 36rem) {
    .card {
      --_card-pad: 1.125rem;
      padding-block: 0.875rem;
    }
    [data-section='global'] .switches,
    .workflow-panel .switches {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .week {
      max-inline-size: 30rem;
    }
    .day {
      max-inline-size: 30rem;
    }
  }

  /* Narrow containers (a phone, a small panel): tighter cards. */

  @container notif-preferences (max-width: 22rem) {
    .card {
      --_card-pad: 0.625rem;
    }
    .day-tab {
      font-size: 0.75rem;
    }
    .range-fields {
      gap: 0.25rem;
    }
  }

  /* Too narrow for the days and their hours side by side (a phone at 400 % zoom, large text): the days over
     their hours, so that a range stays on one line. */
  @container notif-preferences (max-width: 16rem) {
    .schedule-days {
      grid-template-columns: minmax(0, 1fr);
    }
  }

  @media (forced-colors: active) {
    .card,
    .workflow-panel {
      border: 1px solid CanvasText;
    }
    .workflow-toggle {
      color: ButtonText;
    }
    .day-tab,
    .day-tab:not([part~='day-tab-off']) {
      border-color: ButtonText;
      color: ButtonText;
      forced-color-adjust: none;
      background: ButtonFace;
    }
    .day-tab[aria-selected='true'],
    .day-tab[aria-selected='true']:not([part~='day-tab-off']) {
      background: Highlight;
      color: HighlightText;
    }
    .tab-alert {
      background: Mark;
    }
    .saved {
      color: CanvasText;
    }
  }
`;

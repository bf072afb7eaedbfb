import { css } from 'lit';

export const preferencesStyles = css`
  :host {
    display: block;
  }

  [hidden] {
    display: none !important;
  }

  .preferences {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding: var(--_space);
    background: var(--_bg);
    color: var(--_fg);
    border-radius: var(--_radius);
    min-inline-size: 0;
  }

  .title {
    margin: 0;
    font-size: 1.0625rem;
    font-weight: 600;
  }

  .section {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    padding-block-start: var(--_space);
    border-block-start: 1px solid var(--_border);
  }

  .section-heading {
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
  }

  .switches {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .switch-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    column-gap: var(--_space);
  }

  .override,
  .muted {
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  /* Notification types */

  .workflows {
    display: flex;
    flex-direction: column;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .workflow {
    border-block-end: 1px solid var(--_border);
  }

  .workflow:first-child {
    border-block-start: 1px solid var(--_border);
  }

  .workflow-heading {
    margin: 0;
    font-size: inherit;
    font-weight: 500;
  }

  .workflow-toggle {
    display: flex;
    align-items: center;
    gap: var(--_space-s);
    inline-size: 100%;
    min-block-size: 2.5rem;
    padding-block: var(--_space-s);
    padding-inline: 0.25rem;
    border: 0;
    background: transparent;
    text-align: start;
    font-weight: inherit;
    cursor: pointer;
  }

  .workflow-toggle:hover {
    background: var(--_bg-raised);
  }

  .chevron {
    flex: none;
    transition: transform 120ms ease;
  }

  .chevron:dir(rtl) {
    transform: scaleX(-1);
  }

  .workflow-toggle[aria-expanded='true'] .chevron {
    transform: rotate(90deg);
  }

  .workflow-name {
    overflow-wrap: anywhere;
  }

  .workflow-panel {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    padding-block: 0 var(--_space);
    padding-inline: 1.75rem 0.25rem;
  }

  .note {
    margin: 0;
    color: var(--_muted);
    font-size: var(--_font-size-s);
  }

  /* Schedule */

  .schedule {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    margin-block-start: var(--_space-s);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  .schedule-heading {
    margin: 0;
    font-size: inherit;
    font-weight: 600;
  }

  .week {
    display: flex;
    flex-direction: column;
  }

  .day {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    padding-block: var(--_space-s);
    border-block-start: 1px solid var(--_border);
  }

  .day-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    column-gap: var(--_space);
  }

  .day-head .switch-label {
    min-inline-size: 7em;
    font-weight: 500;
  }

  .ranges {
    display: flex;
    flex-direction: column;
    gap: var(--_space-s);
    padding-inline-start: calc(var(--notif-switch-width, 2.25rem) + var(--_space-s));
  }

  .day-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-s);
  }

  .day-actions .button {
    font-size: var(--_font-size-s);
    padding-inline: 0.5rem;
  }

  .issues {
    color: var(--_danger);
    font-size: var(--_font-size-s);
  }

  .issues ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: var(--_space-s);
  }

  .button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  /* States */

  .skeleton {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding-block: var(--_space);
  }

  .skeleton-row {
    display: flex;
    align-items: center;
    gap: var(--_space);
  }

  .bone {
    inline-size: 40%;
  }

  .switch-bone {
    inline-size: 2.25rem;
    block-size: 1.25rem;
    border-radius: 999px;
  }

  @media (forced-colors: active) {
    .schedule {
      border: 1px solid CanvasText;
    }
    .workflow-toggle {
      color: ButtonText;
    }
  }
`;

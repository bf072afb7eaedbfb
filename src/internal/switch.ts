/**
 * A switch as a template, for elements that render several of them in their own shadow root (so that
 * labels, descriptions and focus stay in one tree): a real `<button role="switch" aria-checked>` whose
 * visible label is its content. Space and Enter toggle it, as for any button.
 *
 * Parts: `switch` (also `switch-on` when checked), `switch-track`, `switch-thumb`, `switch-icon`,
 * `switch-label`.
 * Include {@link switchStyles} in the element's styles.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

export interface SwitchOptions {
  /** The visible label. */
  label: string;
  /** A decorative icon before the label (it must be `aria-hidden`). */
  icon?: TemplateResult;
  checked: boolean;
  /** Called with the new value when the switch is turned; not called while `disabled`. */
  onChange: (checked: boolean) => void;
  /** An id for the button (for `aria-controls`, focus...). */
  id?: string;
  /** An id for the visible label (to name a group after it, for example). */
  labelId?: string;
  /** A fuller accessible name when the visible label needs context ("Email for Comment mentions"). */
  accessibleName?: string;
  /** Ids of the elements describing it (space separated). */
  describedBy?: string;
  /**
   * Cannot be changed: announced as unavailable (`aria-disabled`) but kept in the tab order, so that
   * keyboard and screen-reader users still reach it and hear why.
   */
  disabled?: boolean;
  /** A change is being saved: `aria-busy`, a subtle style. The switch stays usable. */
  busy?: boolean;
  /** Extra `data-*`-style hook for tests and handlers: written as `data-key`. */
  key?: string;
}

export function renderSwitch(options: SwitchOptions): TemplateResult {
  const { label, checked, disabled = false, busy = false } = options;
  const onClick = () => {
    if (!disabled) options.onChange(!checked);
  };
  return html`<button
    type="button"
    role="switch"
    class="switch"
    part=${checked ? 'switch switch-on' : 'switch'}
    id=${ifDefined(options.id)}
    data-key=${ifDefined(options.key)}
    aria-checked=${checked ? 'true' : 'false'}
    aria-disabled=${ifDefined(disabled ? 'true' : undefined)}
    aria-busy=${busy ? 'true' : 'false'}
    aria-label=${ifDefined(options.accessibleName)}
    aria-describedby=${ifDefined(options.describedBy || undefined)}
    @click=${onClick}
  >
    <span class="switch-track" part="switch-track" aria-hidden="true"
      ><span class="switch-thumb" part="switch-thumb"></span
    ></span>
    ${options.icon ? html`<span class="switch-icon" part="switch-icon">${options.icon}</span>` : nothing}
    <span class="switch-label" part="switch-label" id=${ifDefined(options.labelId)}>${label}</span>
  </button>`;
}

/** Styles of {@link renderSwitch}. Tokens: `--notif-switch-width`, `--notif-switch-height`. */
export const switchStyles = css`
  .switch {
    --_switch-w: var(--notif-switch-width, 2.25rem);
    --_switch-h: var(--notif-switch-height, 1.25rem);
    display: inline-flex;
    align-items: center;
    gap: var(--_space-s, 0.375rem);
    min-block-size: 2rem;
    padding-block: 0.125rem;
    padding-inline: 0;
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  .switch-track {
    position: relative;
    flex: none;
    inline-size: var(--_switch-w);
    block-size: var(--_switch-h);
    border-radius: 999px;
    /* The outline is what shows an off switch: 3:1 or more against the card (WCAG 1.4.11), light and dark,
       where the border colour of cards (about 1.4:1) is too faint. */
    border: 1px solid color-mix(in srgb, var(--_muted) 75%, var(--_bg));
    background: var(--_bg-raised);
    transition:
      background-color 120ms ease,
      border-color 120ms ease;
  }

  .switch-thumb {
    position: absolute;
    inset-block-start: 1px;
    inset-inline-start: 1px;
    inline-size: calc(var(--_switch-h) - 4px);
    block-size: calc(var(--_switch-h) - 4px);
    border-radius: 50%;
    background: var(--_muted);
    transition:
      inset-inline-start 120ms ease,
      background-color 120ms ease;
  }

  .switch[aria-checked='true'] .switch-track {
    background: var(--_accent);
    border-color: var(--_accent);
  }

  .switch[aria-checked='true'] .switch-thumb {
    background: var(--_on-accent);
    inset-inline-start: calc(var(--_switch-w) - var(--_switch-h) + 1px);
  }

  .switch-icon {
    display: inline-flex;
    flex: none;
    color: var(--_muted);
  }

  .switch[aria-busy='true'] .switch-track {
    opacity: 0.7;
  }

  .switch[aria-busy='true'] .switch-thumb {
    animation: switch-busy 1s ease-in-out infinite;
  }

  .switch[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .switch:focus-visible {
    outline: none;
  }

  .switch:focus-visible .switch-track {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  @keyframes switch-busy {
    50% {
      opacity: 0.55;
    }
  }

  @media (forced-colors: active) {
    .switch-track {
      border-color: ButtonText;
      background: ButtonFace;
      forced-color-adjust: none;
    }
    .switch-thumb {
      background: ButtonText;
    }
    .switch[aria-checked='true'] .switch-track {
      background: Highlight;
      border-color: Highlight;
    }
    .switch[aria-checked='true'] .switch-thumb {
      background: HighlightText;
    }
    .switch[aria-disabled='true'] .switch-track {
      border-color: GrayText;
    }
    .switch:focus-visible .switch-track {
      outline-color: Highlight;
    }
  }
`;

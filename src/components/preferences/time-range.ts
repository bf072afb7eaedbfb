/**
 * One time range of a day as a template: two `<input type="time">` ("From", "To"), the messages of what is
 * wrong with them next to the fields, and a remove button. The inputs take and give `HH:mm` (what the
 * time input uses as its value; the browser shows it on the user's 12- or 24-hour clock); converting to
 * and from the service's form is the caller's business.
 *
 * Parts: `range` (also `range-invalid`), `time-field`, `time-label`, `time-input`, `error`, `remove-range`.
 * Include {@link timeRangeStyles} in the element's styles.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';

export interface TimeRangeOptions {
  /** A prefix unique in the shadow root, for the ids of the fields and messages. */
  id: string;
  /** `HH:mm`, or `''` when the time is missing or unreadable. */
  start: string;
  end: string;
  labels: {
    /** Names the range as a group, for example "9:00 AM–5:00 PM". */
    range: string;
    start: string;
    end: string;
    /** The remove button's tooltip, which is its accessible name too, for example "Remove 9:00 AM–5:00 PM". */
    remove: string;
  };
  /** What is wrong with the start, the end, and the range as a whole (an overlap), if anything. */
  errors?: { start?: string; end?: string; range?: string };
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  onRemove: () => void;
}

export function renderTimeRange(options: TimeRangeOptions): TemplateResult {
  const { id, labels, errors = {} } = options;
  const startError = errors.start ? `${id}-start-error` : undefined;
  const endError = errors.end ? `${id}-end-error` : undefined;
  const rangeError = errors.range ? `${id}-error` : undefined;
  const describe = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(errors.start || errors.end || errors.range);
  const message = (messageId: string | undefined, text: string | undefined) =>
    messageId ? html`<p class="field-error" part="error" id=${messageId}>${text}</p>` : nothing;
  const field = (
    which: 'start' | 'end',
    value: string,
    label: string,
    describedBy: string | undefined,
    fieldInvalid: boolean,
    onValue: (value: string) => void,
  ) => {
    const handler = (event: Event) => onValue((event.target as HTMLInputElement).value);
    return html`<label class="time-field" part="time-field">
      <span class="time-label" part="time-label">${label}</span>
      <input
        type="time"
        class="time-input"
        part="time-input"
        id=${`${id}-${which}`}
        data-field=${which}
        required
        .value=${live(value)}
        aria-invalid=${fieldInvalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        @input=${handler}
        @change=${handler}
      />
    </label>`;
  };
  return html`<div
    class=${invalid ? 'range invalid' : 'range'}
    part=${invalid ? 'range range-invalid' : 'range'}
    role="group"
    aria-label=${labels.range}
    data-range=${id}
  >
    <div class="range-fields">
      ${field('start', options.start, labels.start, describe(startError, rangeError), Boolean(errors.start || errors.range), options.onStart)}
      <span class="range-dash" aria-hidden="true">–</span>
      ${field('end', options.end, labels.end, describe(endError, rangeError), Boolean(errors.end || errors.range), options.onEnd)}
      <button
        type="button"
        class="button quiet remove-range"
        part="remove-range"
        title=${labels.remove}
        @click=${options.onRemove}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path
            d="M4 4l8 8M12 4l-8 8"
            stroke="currentColor"
            stroke-width="1.6"
            stroke-linecap="round"
            fill="none"
          />
        </svg>
      </button>
    </div>
    ${message(startError, errors.start)} ${message(endError, errors.end)} ${message(rangeError, errors.range)}
  </div>`;
}

/** Styles of {@link renderTimeRange}. */
export const timeRangeStyles = css`
  .range {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }

  .range-fields {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--_space-s);
  }

  .range-dash {
    padding-block-end: 0.4rem;
    color: var(--_muted);
  }

  .time-field {
    display: inline-flex;
    flex-direction: column;
    gap: 0.125rem;
    font-size: var(--_font-size-s);
    color: var(--_muted);
  }

  /* The schedule editor's fields: its times, and the time zone's select (schedule-timezone.ts). */
  .time-input,
  .timezone-select {
    min-block-size: 2rem;
    padding-block: 0.125rem;
    padding-inline: 0.5rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    font-size: var(--_font-size);
  }

  /* Never narrower than its time: a squeezed time input clips its text ("06:00 PI" for "06:00 PM"). */
  .time-input {
    flex: none;
    min-inline-size: max-content;
  }

  .time-input[aria-invalid='true'],
  .timezone-select[aria-invalid='true'] {
    border-color: var(--_danger);
    box-shadow: 0 0 0 1px var(--_danger);
  }

  .remove-range {
    min-inline-size: 2rem;
    justify-content: center;
    padding-inline: 0.375rem;
  }

  .field-error {
    margin: 0;
    color: var(--_danger);
    font-size: var(--_font-size-s);
  }

  @media (forced-colors: active) {
    .time-input {
      border-color: ButtonText;
    }
    /* Never narrower than its time: a squeezed time input clips its text ("06:00 PI" for "06:00 PM"). */
    .time-input {
      flex: none;
      min-inline-size: max-content;
    }

    .time-input[aria-invalid='true'],
    .timezone-select[aria-invalid='true'] {
      border: 2px solid Mark;
      box-shadow: none;
    }
  }
`;

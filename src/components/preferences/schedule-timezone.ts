/**
 * The time zone of the delivery schedule. The service applies a subscriber's schedule in that subscriber's
 * `timezone`; a schedule saved while it is unset (or another one) runs on another clock than the person
 * thinks. The editor names the zone its times are in and lets the person pick one: the subscriber's saved
 * zone when known (the store's `$timezone`, else the element's `timezone`), else the browser's. Saving the
 * schedule first sets the subscriber's `timezone` (`PATCH /v2/subscribers/{id}`) when it differs from the
 * saved one, or when the saved one is unknown (the service has no operation that reads a subscriber).
 *
 * A refused save shows an error under the picker and keeps what was picked (and the editor open).
 * Its own chunk: loaded with `import()` the first time the schedule editor opens.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Translator } from '../../i18n/index.js';
import type { PreferencesStore } from '../../store/preferences.js';
import type { ScheduleTimezoneSeam } from './schedule-draft.js';

export const timezoneIds = {
  select: 'schedule-timezone',
  note: 'schedule-timezone-note',
  error: 'schedule-timezone-error',
};

/** The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), `UTC` if it gives none. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let zones: readonly string[] | undefined;
/** Every IANA zone the browser knows (`Intl.supportedValuesOf('timeZone')`), read once. */
function supportedZones(): readonly string[] {
  if (!zones) {
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
  }
  return zones;
}

/** "Central European Time (Europe/Paris)": the zone's generic name in `locale`, with its identifier. */
export function zoneName(zone: string, locale: string): string {
  const id = zone.replaceAll('_', ' ');
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== zone ? `${name} (${id})` : id;
  } catch {
    return id;
  }
}

export interface TimezonePickerOptions {
  store: () => PreferencesStore | undefined;
  /** The subscriber's saved zone when known. */
  saved: () => string | undefined;
}

export class TimezonePicker implements ScheduleTimezoneSeam {
  /** The zone the person picked, not saved yet. */
  picked: string | undefined;
  /** The last save failed (and what was picked is kept). */
  error: unknown;
  readonly #host: ReactiveControllerHost;
  readonly #options: TimezonePickerOptions;

  constructor(host: ReactiveControllerHost, options: TimezonePickerOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** The zone the editor's times are in: picked, else saved, else the browser's. */
  get current(): string {
    return this.picked ?? this.#options.saved() ?? browserTimezone();
  }

  /** Whether saving must set the subscriber's zone: it differs from the saved one, or that one is unknown. */
  get dirty(): boolean {
    return this.current !== this.#options.saved();
  }

  get changed(): boolean {
    return this.picked !== undefined && this.picked !== this.#options.saved();
  }

  pick(zone: string): void {
    this.picked = zone;
    this.error = undefined;
    this.#host.requestUpdate();
  }

  reset(): void {
    this.picked = undefined;
    this.error = undefined;
  }

  /** Sets the subscriber's zone; `false` (with the error shown, the pick kept) when it was not saved. */
  async save(): Promise<boolean> {
    const store = this.#options.store();
    if (!store) return false;
    const zone = this.current;
    this.error = undefined;
    const result = await store.setTimezone(zone);
    if (result.ok) {
      if (this.picked === zone) this.picked = undefined;
    } else {
      this.picked ??= zone;
      this.error = 'error' in result ? (result.error ?? result.reason) : result.reason;
    }
    this.#host.requestUpdate();
    return result.ok;
  }

  render(t: Translator): TemplateResult {
    const current = this.current;
    const list = supportedZones().includes(current) ? supportedZones() : [current, ...supportedZones()];
    const describedBy = this.error ? `${timezoneIds.note} ${timezoneIds.error}` : timezoneIds.note;
    return html`<div class="timezone" part="timezone">
      <label class="timezone-label" part="timezone-label" for=${timezoneIds.select}
        >${t.t('preferences.timezone.label')}</label
      >
      <select
        class="timezone-select"
        part="timezone-select"
        id=${timezoneIds.select}
        aria-describedby=${describedBy}
        aria-invalid=${this.error ? 'true' : 'false'}
        @change=${(event: Event) => this.pick((event.target as HTMLSelectElement).value)}
      >
        ${list.map(
          (zone) =>
            html`<option value=${zone} ?selected=${zone === current}>${zone.replaceAll('_', ' ')}</option>`,
        )}
      </select>
      <p class="timezone-note" part="timezone-note" id=${timezoneIds.note}>
        ${t.t('preferences.timezone.note', { zone: zoneName(current, t.locale) })}
      </p>
      ${
        this.error
          ? html`<p class="field-error" part="error" id=${timezoneIds.error} role="alert">
              ${t.t('preferences.timezone.error')}
            </p>`
          : nothing
      }
    </div>`;
  }
}

import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ChannelType } from '../../client/enums.js';
import type { SubscriberPreferences, UpdatePreferencesBody, WorkflowPreference } from '../../client/types.js';
import { NotifErrorEvent } from '../../events/error.js';
import { NotifPreferencesChangeEvent } from '../../events/preferences-change.js';
import { enInbox } from '../../i18n/en-inbox.js';
import { enPreferences } from '../../i18n/en-preferences.js';
import { translatorFormats } from '../../i18n/formats.js';
import { addBuiltInStrings, provideFormats } from '../../i18n/translator.js';
import { Announcer } from '../../internal/announcer.js';
import { errorReason } from '../../internal/error-reason.js';
import { feedbackStyles } from '../../internal/feedback.styles.js';
import { icon, illustration } from '../../internal/icons.js';
import { NotifElement } from '../../internal/notif-element.js';
import { controlStyles } from '../../internal/controls.js';
import { PreferencesBinding } from '../../internal/preferences-binding.js';
import type { PreferencesStatus, PreferencesStore } from '../../store/preferences.js';
import { preferencesOf } from '../../context/preferences-of.js';
import { switchStyles } from '../../internal/switch.js';
import { timeRangeStyles } from './time-range.js';
import { glyph } from './channel-icons.js';
import { preferencesStyles } from './preferences.styles.js';
import { ScheduleDraftController } from './schedule-draft.js';
import { renderSchedule } from './schedule-view.js';
import type { TimezonePicker } from './schedule-timezone.js';
import { renderGlobalChannels, renderWorkflows } from './workflow-view.js';

// Its English strings are not built into the translator: a page with only a bell never downloads them.
addBuiltInStrings(enPreferences);
// Its errors' strings are the inbox's (`inbox.error.*`), which a bell's panel may not have loaded yet.
addBuiltInStrings(enInbox);
// Its dates and times (the bell alone shows none: not on its critical path).
provideFormats(translatorFormats);

/** How long the "Saved" announcement stays in the live region. */
const ANNOUNCE_MS = 5000;

/**
 * The subscriber's notification preferences: which channels deliver notifications at all and per
 * notification type (workflow), and the weekly hours during which they are delivered.
 *
 * Switches save at once (optimistically: a refused change is rolled back and an error is shown). The
 * schedule shows as a one-line summary ("Weekdays, 9:00 AM – 6:00 PM"); Edit opens its editor, where the
 * hours are edited as a draft, checked as they are typed, and saved with Save or dropped with Cancel (or
 * Escape). Times are typed on the user's clock (the browser's `<input type="time">`) and sent in the
 * service's `hh:mm AM|PM` form. Fits containers from about 20rem wide (the bell's panel) up.
 *
 * Connects through a surrounding `<notif-provider>`, its own `base-url` and `subscriber-id` attributes, or a
 * `.store` property (a preferences store, for example one shared with another element).
 *
 * Keyboard: Tab moves through the switches, the schedule and the notification types; Space or Enter turns
 * a switch and opens or closes a notification type. In the schedule editor the days are one tab stop
 * (arrow keys, Home and End move between them); the time fields take digits and arrow keys.
 *
 * @summary Channel switches, per-notification-type switches and a weekly delivery schedule.
 *
 * @tagname notif-preferences
 *
 * @csspart base - The preferences container (an inline-size container named `notif-preferences`).
 * @csspart title - The title.
 * @csspart section - A card: the global channels, the schedule, the notification types.
 * @csspart heading - The heading of a card.
 * @csspart switches - A list of channel switches.
 * @csspart switch - A switch button; also `switch-on` when on.
 * @csspart switch-on - A switch that is on.
 * @csspart switch-track - The track of a switch.
 * @csspart switch-thumb - The thumb of a switch.
 * @csspart switch-icon - The channel icon of a switch.
 * @csspart switch-label - The visible label of a switch.
 * @csspart override - The text saying where a value comes from ("Set by you").
 * @csspart workflows - The list of notification types.
 * @csspart workflow - One notification type; also `workflow-disabled` when the sender turned it off.
 * @csspart workflow-disabled - A notification type the sender turned off.
 * @csspart workflow-toggle - The button that opens or closes a notification type.
 * @csspart workflow-name - The name of a notification type.
 * @csspart workflow-summary - The channels a notification type delivers on ("In-app, Email"; "All off").
 * @csspart workflow-panel - The switches of an open notification type.
 * @csspart note - The note of a notification type turned off by the sender.
 * @csspart schedule - The schedule card (also a `section`).
 * @csspart schedule-summary - The one-line summary of the schedule.
 * @csspart schedule-days - The days grouped by hours, under the summary, when the hours differ.
 * @csspart saved - The "Saved" confirmation next to the summary.
 * @csspart edit - The Edit button of the schedule.
 * @csspart editor - The schedule editor.
 * @csspart timezone - The time zone of the schedule editor: its label, picker and note.
 * @csspart timezone-label - The "Time zone" label.
 * @csspart timezone-select - The time zone picker (a native `<select>` of the browser's IANA zones).
 * @csspart timezone-note - "Times are in …": the zone the editor's times are in.
 * @csspart week - The day tabs of the editor.
 * @csspart day-tab - A day tab; also `day-tab-selected`, `day-tab-off` (no delivery) and `day-tab-invalid`.
 * @csspart day-tab-selected - The tab of the shown day.
 * @csspart day-tab-off - The tab of a day without delivery.
 * @csspart day-tab-invalid - The tab of a day with something wrong in its hours.
 * @csspart day - The shown day; also `day-off` when the day has no delivery.
 * @csspart day-off - The shown day when it has no delivery.
 * @csspart day-off-text - The "No delivery" text of a day that is off.
 * @csspart range - A time range; also `range-invalid` when something is wrong with it.
 * @csspart range-invalid - A time range with something wrong with it.
 * @csspart time-field - The label and input of a time.
 * @csspart time-label - The "From"/"To" label of a time (visually hidden).
 * @csspart time-input - A time input.
 * @csspart remove-range - The button that removes a range.
 * @csspart add-range - The "Add time range" button of a day.
 * @csspart copy - The "Copy to all days" button of a day.
 * @csspart error - A message saying what is wrong with a field or a day.
 * @csspart issues - The list of everything wrong with the schedule.
 * @csspart actions - The Save and Cancel buttons of the schedule.
 * @csspart save - The "Save schedule" button.
 * @csspart cancel - The "Cancel" button.
 * @csspart save-error - The banner shown when a change could not be saved.
 * @csspart dismiss - The button that closes the save error banner.
 * @csspart skeleton - The loading placeholder.
 * @csspart load-error - The state shown when the preferences could not be loaded.
 * @csspart retry - The retry button of the load error.
 * @csspart empty - The text shown when there are no notification types.
 *
 * @cssprop --notif-color-surface - Background.
 * @cssprop --notif-color-surface-raised - Background of cards, switch tracks, skeletons.
 * @cssprop --notif-color-text - Text colour.
 * @cssprop --notif-color-text-muted - Secondary text (summaries, override sources, icons).
 * @cssprop --notif-color-border - Borders and separators.
 * @cssprop --notif-color-accent - Accent: switches that are on, days with delivery, the Save button.
 * @cssprop --notif-color-on-accent - Thumb of a switch that is on, text of the Save button and chosen day.
 * @cssprop --notif-color-danger - Error text and invalid fields.
 * @cssprop --notif-color-danger-surface - Background of the save error banner.
 * @cssprop --notif-color-success - The "Saved" confirmation (default: green for the scheme).
 * @cssprop --notif-color-focus - Focus ring.
 * @cssprop --notif-font-family - Font family.
 * @cssprop --notif-font-size - Base font size.
 * @cssprop --notif-font-size-s - Small text.
 * @cssprop --notif-radius-m - Corner radius of cards.
 * @cssprop --notif-radius-s - Corner radius of buttons, inputs and day tabs.
 * @cssprop --notif-space-m - Base spacing.
 * @cssprop --notif-space-s - Small spacing.
 * @cssprop --notif-switch-width - Width of a switch track (default 2.25rem).
 * @cssprop --notif-switch-height - Height of a switch track (default 1.25rem).
 *
 * @fires notif-preferences-change - A change was saved by the service. `detail`: `{ preferences, change }`.
 * @fires notif-error - Loading (`operation: 'load'`) or saving (`operation: 'updatePreferences'`) failed. `detail`: `{ error, operation }`.
 */
export class NotifPreferences extends NotifElement {
  static override styles = [
    ...NotifElement.styles,
    controlStyles,
    feedbackStyles,
    switchStyles,
    timeRangeStyles,
    preferencesStyles,
  ];

  static override properties = {
    store: { attribute: false },
    heading: { type: String },
    timezone: { type: String },
    /** @internal */
    expanded: { state: true, attribute: false },
  };

  readonly #announcer = new Announcer(this, ANNOUNCE_MS);
  readonly #prefs = new PreferencesBinding(
    this,
    this.storeSource(() => this.store, preferencesOf),
    {
      saved: (preferences, change) => this.#onSaved(preferences, change),
      failed: (error) => this.#onFailed(error),
      status: (status) => this.#onStatus(status),
    },
  );
  readonly #schedule = new ScheduleDraftController(this, {
    store: () => this.activeStore,
    stored: () => this.#prefs.preferences.value?.global.schedule,
    timezone: () => this.#timezone,
  });
  /** The schedule's time zone picker: its own chunk, loaded the first time the editor opens. */
  #timezone?: TimezonePicker;
  #timezoneLoading?: Promise<unknown>;

  /** A preferences store to render. Wins over attributes and context. */
  declare store: PreferencesStore | undefined;
  /** Replaces the translated title. */
  declare heading: string | undefined;
  /**
   * The subscriber's saved time zone (IANA, `Europe/Paris`), when your app knows it: the service has no
   * operation that reads a subscriber. The schedule editor shows its times in it (else in the browser's
   * zone, named) and saving the schedule sets the subscriber's `timezone` when it differs or is unknown.
   */
  declare timezone: string | undefined;

  /** Identifiers of the open notification types. */
  declare private expanded: ReadonlySet<string>;

  constructor() {
    super();
    this.expanded = new Set();
  }

  /**
   * The store in use: `.store`, else the one of the element's attributes or of its provider. None on the
   * server, nor in the update that hydrates server-rendered HTML (see `serverState`).
   */
  get activeStore(): PreferencesStore | undefined {
    return this.#prefs.active;
  }

  // --- handlers --------------------------------------------------------------------------------------

  // Which switches are busy is the store's `$saving`: the element only asks.
  #setGlobalChannel(channel: ChannelType, value: boolean) {
    void this.activeStore?.setGlobalChannels({ [channel]: value });
  }

  #setWorkflowChannel(workflow: WorkflowPreference, channel: ChannelType, value: boolean) {
    void this.activeStore?.setWorkflowChannels(workflow.workflow.identifier, { [channel]: value });
  }

  #toggleWorkflow(identifier: string) {
    const expanded = new Set(this.expanded);
    if (expanded.has(identifier)) expanded.delete(identifier);
    else expanded.add(identifier);
    this.expanded = expanded;
  }

  #onSaved(preferences: SubscriberPreferences, change: UpdatePreferencesBody) {
    const t = this.translator;
    // The banner is about an earlier failure of the same thing, which has now been saved: it would mislead.
    const store = this.#prefs.bound;
    const error = store?.$saveError.get();
    if (error && saveTarget(error.change) === saveTarget(change)) store?.dismissError();
    this.#announcer.announce(change.schedule ? t.t('preferences.schedule.saved') : t.t('preferences.saved'));
    this.dispatchEvent(new NotifPreferencesChangeEvent({ preferences, change }));
  }

  #onFailed(error: unknown) {
    this.dispatchEvent(new NotifErrorEvent({ error, operation: 'updatePreferences' }));
  }

  #onStatus(status: PreferencesStatus) {
    if (status.state === 'error')
      this.dispatchEvent(new NotifErrorEvent({ error: status.error, operation: status.operation }));
  }

  // --- lifecycle -------------------------------------------------------------------------------------

  /** Loads the time zone picker the first time the schedule editor opens. */
  #loadTimezone(): void {
    if (!this.#schedule.editing || this.#timezone || this.#timezoneLoading) return;
    this.#timezoneLoading = import('./schedule-timezone.js').then(
      ({ TimezonePicker }) => {
        this.#timezone = new TimezonePicker(this, {
          store: () => this.activeStore,
          saved: () => this.activeStore?.$timezone.get() ?? (this.timezone || undefined),
        });
        this.requestUpdate();
      },
      (error: unknown) => {
        // Without it the editor still works, in the subscriber's zone as the service has it.
        this.#timezoneLoading = undefined;
        console.error('notif-elements: the time zone picker could not be loaded.', error);
      },
    );
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.#loadTimezone();
    if (this.#prefs.bind()) {
      // Another subscriber or store: nothing of the old draft or of the old saves applies.
      this.#schedule.reset();
      this.expanded = new Set();
    }
  }

  // --- render ----------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    const error = this.#prefs.saveError.value;
    const scheduleError = error?.target === 'schedule';
    return html`<section
      part="base"
      class="preferences"
      aria-labelledby="title"
      lang=${t.locale}
      dir=${this.contentDir}
    >
      <h2 id="title" part="title" class="title">${this.heading ?? t.t('preferences.title')}</h2>
      ${scheduleError ? nothing : this.#renderSaveError()} ${this.#renderBody(scheduleError)}
      ${this.#announcer.render()}
    </section>`;
  }

  #renderSaveError(): TemplateResult | typeof nothing {
    const error = this.#prefs.saveError.value;
    if (!error) return nothing;
    const t = this.translator;
    const editing = error.target === 'schedule' && this.#schedule.editing;
    // Only the message is the alert: the Dismiss button would be read as part of it.
    return html`<div class="banner" part="save-error">
      ${this.icons?.alert ?? icon('alert')}<span role="alert"
        >${t.t(editing ? 'preferences.error.saveSchedule' : 'preferences.error.save')}</span
      >
      <button
        type="button"
        class="button quiet small"
        part="dismiss"
        @click=${() => this.activeStore?.dismissError()}
      >
        ${t.t('inbox.error.dismiss')}
      </button>
    </div>`;
  }

  #renderBody(scheduleError: boolean): TemplateResult {
    const t = this.translator;
    const preferences = this.#prefs.preferences.value;
    if (!preferences && this.#prefs.status.value?.state === 'error') {
      return html`<div class="state error" part="load-error">
        ${this.icons?.error ?? illustration('error')}
        <div class="state-text" role="alert">
          <p class="state-title">${t.t('preferences.error.load')}</p>
          <p class="state-hint">${t.t(loadHint(this.#prefs.status.value.error))}</p>
        </div>
        <button type="button" class="button" part="retry" @click=${() => void this.activeStore?.load()}>
          ${t.t('preferences.error.retry')}
        </button>
      </div>`;
    }
    if (!preferences) {
      return html`<div class="skeleton" part="skeleton" aria-hidden="true">
          ${[5, 1, 3].map(
            (rows) =>
              html`<div class="card">
                <span class="bone title-bone"></span>
                ${Array.from(
                  { length: rows },
                  () =>
                    html`<div class="skeleton-row">
                      <span class="bone"></span><span class="bone switch-bone"></span>
                    </div>`,
                )}
              </div>`,
          )}
        </div>
        <p class="visually-hidden" role="status">${t.t('preferences.loading')}</p>`;
    }
    const saving = this.#prefs.saving.value ?? new Set<string>();
    const pending = this.#prefs.pending.value ?? new Set<string>();
    return html`<section class="card" part="section" aria-labelledby="global-heading" data-section="global">
        <h3 id="global-heading" part="heading" class="card-title">
          ${glyph('sliders')}${t.t('preferences.global')}
        </h3>
        ${renderGlobalChannels(
          { t, saving, pending, icons: this.icons },
          preferences.global.channels,
          (channel, value) => this.#setGlobalChannel(channel, value),
        )}
      </section>
      ${renderSchedule({
        t,
        draft: this.#schedule,
        busy: pending.has('schedule'),
        timezone: this.#timezone?.render(t),
        error: scheduleError ? this.#renderSaveError() : nothing,
      })}
      <section class="card" part="section" aria-labelledby="workflows-heading" data-section="workflows">
        <h3 id="workflows-heading" part="heading" class="card-title">
          ${glyph('stack')}${t.t('preferences.workflows')}
        </h3>
        ${renderWorkflows({
          t,
          icons: this.icons,
          saving,
          pending,
          workflows: preferences.workflows,
          expanded: this.expanded,
          onToggle: (identifier) => this.#toggleWorkflow(identifier),
          onChange: (workflow, channel, value) => this.#setWorkflowChannel(workflow, channel, value),
        })}
      </section>`;
  }
}

/** What a change is about: `'schedule'`, `'global'` or a workflow identifier (the store's targets). */
function saveTarget(change: UpdatePreferencesBody): string {
  return change.workflowId ?? (change.schedule ? 'schedule' : 'global');
}

/** What failed, in plain words: the preferences' own words for a failed connection, else the shared reason. */
function loadHint(error: unknown) {
  const reason = errorReason(error);
  return reason === 'inbox.error.network' ? 'preferences.error.loadHint' : reason;
}

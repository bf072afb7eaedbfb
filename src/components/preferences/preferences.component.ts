import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { CHANNEL_TYPES, WEEK_DAYS, type ChannelType, type WeekDay } from '../../client/enums.js';
import type {
  DaySchedule,
  PreferenceChannels,
  Schedule,
  SubscriberPreferences,
  TimeRange,
  UpdatePreferencesBody,
  WorkflowPreference,
} from '../../client/types.js';
import { NotifErrorEvent } from '../../events/error.js';
import { NotifPreferencesChangeEvent } from '../../events/preferences-change.js';
import type { TranslationKey, Translator } from '../../i18n/index.js';
import { Announcer } from '../../internal/announcer.js';
import { feedbackStyles } from '../../internal/feedback.styles.js';
import { NotifElement } from '../../internal/notif-element.js';
import { StoreController } from '../../internal/store-controller.js';
import type { PreferencesSaveError, PreferencesStatus, PreferencesStore } from '../../store/preferences.js';
import {
  copyDayToAll,
  DEFAULT_DAY_RANGE,
  formatInputTime,
  formatWireTime,
  issuesAt,
  LATEST_END,
  normaliseSchedule,
  parseInputTime,
  parseWireTime,
  schedulesEqual,
  validateSchedule,
  type ScheduleIssue,
  type ScheduleIssues,
} from '../../store/schedule.js';
import { renderSwitch, switchStyles } from '../switch/switch.js';
import { renderTimeRange, timeRangeStyles } from '../time-range/time-range.js';
import { preferencesStyles } from './preferences.styles.js';

/** How long the "Saved" announcement stays in the live region. */
const ANNOUNCE_MS = 5000;
/** The length of a range added after the last one of a day, in minutes. */
const ADDED_RANGE_MINUTES = 60;

const KNOWN_OVERRIDE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
type KnownOverrideSource = (typeof KNOWN_OVERRIDE_SOURCES)[number];

/**
 * The subscriber's notification preferences: which channels deliver notifications at all and per
 * notification type (workflow), and the weekly hours during which they are delivered.
 *
 * Switches save at once (optimistically: a refused change is rolled back and an error is shown). The
 * schedule is edited as a draft, checked as it is typed, and saved with its own Save button or cancelled.
 * Times are typed on the user's clock (the browser's `<input type="time">`) and sent in the service's
 * `hh:mm AM|PM` form.
 *
 * Connects through a surrounding `<notif-provider>`, its own `base-url` and `subscriber-id` attributes, or a
 * `.store` property (a preferences store, for example one shared with another element).
 *
 * Keyboard: Tab moves through the switches, the notification types and the schedule's fields; Space or Enter
 * turns a switch and opens or closes a notification type; the time fields take digits and arrow keys.
 *
 * @summary Channel switches, per-notification-type switches and a weekly delivery schedule.
 *
 * @tagname notif-preferences
 *
 * @csspart base - The preferences container.
 * @csspart title - The title.
 * @csspart section - A section: the global preferences and the notification types.
 * @csspart heading - The heading of a section, of the schedule.
 * @csspart switches - A list of channel switches.
 * @csspart switch - A switch button; also `switch-on` when on.
 * @csspart switch-track - The track of a switch.
 * @csspart switch-thumb - The thumb of a switch.
 * @csspart switch-label - The visible label of a switch.
 * @csspart override - The text saying where a value comes from ("Set by you").
 * @csspart workflows - The list of notification types.
 * @csspart workflow - One notification type; also `workflow-disabled` when the sender turned it off.
 * @csspart workflow-toggle - The button that opens or closes a notification type.
 * @csspart workflow-panel - The switches of an open notification type.
 * @csspart note - The note of a notification type turned off by the sender.
 * @csspart schedule - The schedule editor.
 * @csspart week - The days of the schedule.
 * @csspart day - One day; also `day-off` when the day has no delivery.
 * @csspart day-off-text - The "No delivery" text of a day that is off.
 * @csspart range - A time range; also `range-invalid` when something is wrong with it.
 * @csspart time-field - The label and input of a time.
 * @csspart time-label - The "From"/"To" label of a time.
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
 * @cssprop --notif-color-surface-raised - Background of switch tracks, open notification types, skeletons.
 * @cssprop --notif-color-text - Text colour.
 * @cssprop --notif-color-text-muted - Secondary text (override sources, "No delivery", labels).
 * @cssprop --notif-color-border - Borders and separators.
 * @cssprop --notif-color-accent - Accent: switches that are on, the Save button.
 * @cssprop --notif-color-on-accent - Thumb of a switch that is on, text of the Save button.
 * @cssprop --notif-color-danger - Error text and invalid fields.
 * @cssprop --notif-color-danger-surface - Background of the save error banner.
 * @cssprop --notif-color-focus - Focus ring.
 * @cssprop --notif-font-family - Font family.
 * @cssprop --notif-font-size - Base font size.
 * @cssprop --notif-font-size-s - Small text.
 * @cssprop --notif-radius-m - Corner radius of containers.
 * @cssprop --notif-radius-s - Corner radius of buttons and inputs.
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
    feedbackStyles,
    switchStyles,
    timeRangeStyles,
    preferencesStyles,
  ];

  static override properties = {
    store: { attribute: false },
    heading: { type: String },
    /** @internal */
    draft: { state: true, attribute: false },
    /** @internal */
    expanded: { state: true, attribute: false },
  };

  private readonly announcer = new Announcer(this, ANNOUNCE_MS);
  private readonly preferencesState = new StoreController<SubscriberPreferences | undefined>(this);
  private readonly statusState = new StoreController<PreferencesStatus>(this);
  private readonly pendingState = new StoreController<ReadonlySet<string>>(this);
  private readonly saveErrorState = new StoreController<PreferencesSaveError | null>(this);

  /** A preferences store to render. Wins over attributes and context. */
  declare store: PreferencesStore | undefined;
  /** Replaces the translated title. */
  declare heading: string | undefined;

  /** The schedule being edited, not saved yet; `undefined` while the stored schedule is shown. */
  /** @internal */
  declare private draft: Schedule | undefined;
  /** Identifiers of the open notification types. */
  /** @internal */
  declare private expanded: ReadonlySet<string>;

  private boundStore?: PreferencesStore;
  private stopListening?: () => void;
  /** Switches with a save under way, by key, with how many saves each has under way. */
  private readonly savingSwitches = new Map<string, number>();
  private savingSchedule = false;
  /** A selector to focus after the next render. */
  private focusAfterRender?: string;

  constructor() {
    super();
    this.draft = undefined;
    this.expanded = new Set();
  }

  /** The store in use: `.store`, else the one of the element's attributes or of its provider. */
  get activeStore(): PreferencesStore | undefined {
    return this.store ?? this.connection.connection?.preferences();
  }

  // --- handlers: switches ----------------------------------------------------------------------------

  private async track(key: string, save: () => Promise<unknown> | undefined): Promise<void> {
    const running = save();
    if (!running) return;
    this.savingSwitches.set(key, (this.savingSwitches.get(key) ?? 0) + 1);
    this.requestUpdate();
    try {
      await running;
    } finally {
      const count = (this.savingSwitches.get(key) ?? 1) - 1;
      if (count > 0) this.savingSwitches.set(key, count);
      else this.savingSwitches.delete(key);
      this.requestUpdate();
    }
  }

  private setGlobalChannel(channel: ChannelType, value: boolean) {
    void this.track(`global:${channel}`, () => this.activeStore?.setGlobalChannels({ [channel]: value }));
  }

  private setWorkflowChannel(workflow: WorkflowPreference, channel: ChannelType, value: boolean) {
    const id = workflow.workflow.identifier;
    void this.track(`${id}:${channel}`, () =>
      this.activeStore?.setWorkflowChannels(id, { [channel]: value }),
    );
  }

  private toggleWorkflow(identifier: string) {
    const expanded = new Set(this.expanded);
    if (expanded.has(identifier)) expanded.delete(identifier);
    else expanded.add(identifier);
    this.expanded = expanded;
  }

  // --- handlers: schedule ----------------------------------------------------------------------------

  /** The schedule as saved, in the form the editor shows (seven days, sorted ranges). */
  private get storedSchedule(): Schedule {
    return normaliseSchedule(this.preferencesState.value?.global.schedule ?? { isEnabled: false });
  }

  /** What the editor shows: the draft, else the stored schedule. */
  private get shownSchedule(): Schedule {
    return this.draft ?? this.storedSchedule;
  }

  private get scheduleDirty(): boolean {
    return this.draft !== undefined && !schedulesEqual(this.draft, this.storedSchedule);
  }

  /** Starts or continues the draft with one change. `change` gets a deep copy it may change in place. */
  private edit(
    change: (
      schedule: Schedule & { weeklySchedule: Record<WeekDay, DaySchedule & { hours: TimeRange[] }> },
    ) => void,
  ) {
    const next = structuredClone(this.shownSchedule) as Parameters<typeof change>[0];
    for (const day of WEEK_DAYS) {
      next.weeklySchedule[day] ??= { isEnabled: false, hours: [] };
      next.weeklySchedule[day].hours ??= [];
    }
    change(next);
    this.draft = next;
  }

  private setScheduleEnabled(value: boolean) {
    this.edit((schedule) => {
      schedule.isEnabled = value;
    });
  }

  private setDayEnabled(day: WeekDay, value: boolean) {
    this.edit((schedule) => {
      const entry = schedule.weeklySchedule[day];
      entry.isEnabled = value;
      if (value && entry.hours.length === 0) entry.hours.push({ ...DEFAULT_DAY_RANGE });
    });
  }

  private setTime(day: WeekDay, index: number, field: 'start' | 'end', value: string) {
    const minutes = parseInputTime(value);
    const wire = minutes === null ? '' : formatWireTime(minutes);
    const current = this.shownSchedule.weeklySchedule?.[day]?.hours?.[index]?.[field];
    if (current === wire) return;
    this.edit((schedule) => {
      const range = schedule.weeklySchedule[day].hours[index];
      if (range) range[field] = wire;
    });
  }

  private addRange(day: WeekDay) {
    let index = 0;
    this.edit((schedule) => {
      const hours = schedule.weeklySchedule[day].hours;
      const lastEnd = hours.reduce<number | null>((latest, range) => {
        const end = parseWireTime(range.end);
        return end !== null && (latest === null || end > latest) ? end : latest;
      }, null);
      const latest = parseWireTime(LATEST_END)!;
      let range: TimeRange = { ...DEFAULT_DAY_RANGE };
      if (lastEnd !== null && lastEnd < latest) {
        range = {
          start: formatWireTime(lastEnd),
          end: formatWireTime(Math.min(latest, lastEnd + ADDED_RANGE_MINUTES)),
        };
      }
      hours.push(range);
      index = hours.length - 1;
    });
    this.focusAfterRender = `#${rangeId(day, index)}-start`;
  }

  private removeRange(day: WeekDay, index: number) {
    this.edit((schedule) => {
      schedule.weeklySchedule[day].hours.splice(index, 1);
    });
    this.focusAfterRender = `[data-day="${day}"] [part~="add-range"]`;
  }

  private copyToAll(day: WeekDay) {
    this.draft = copyDayToAll(this.shownSchedule, day);
  }

  private async saveSchedule() {
    const store = this.activeStore;
    const draft = this.draft;
    if (!store || !draft || this.savingSchedule || !this.scheduleDirty) return;
    if (validateSchedule(draft).length > 0) {
      this.focusFirstIssue();
      return;
    }
    this.savingSchedule = true;
    this.requestUpdate();
    try {
      const result = await store.setSchedule(draft);
      // A failed save keeps the draft, so that nothing the user typed is lost; the banner says why.
      if (result.ok && this.draft === draft) this.draft = undefined;
      if (!result.ok && result.reason === 'invalid') this.focusFirstIssue();
    } finally {
      this.savingSchedule = false;
      this.requestUpdate();
    }
  }

  private cancelSchedule() {
    if (this.draft === undefined) return;
    this.draft = undefined;
  }

  private focusFirstIssue() {
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"], [data-day-invalid]')?.focus();
    });
  }

  // --- handlers: store -------------------------------------------------------------------------------

  private onSaved(preferences: SubscriberPreferences, change: UpdatePreferencesBody) {
    const t = this.translator;
    // The banner is about an earlier failure of the same thing, which has now been saved: it would mislead.
    const error = this.boundStore?.$saveError.get();
    if (error && saveTarget(error.change) === saveTarget(change)) this.boundStore?.dismissError();
    this.announcer.announce(change.schedule ? t.t('preferences.schedule.saved') : t.t('preferences.saved'));
    this.dispatchEvent(new NotifPreferencesChangeEvent({ preferences, change }));
  }

  private onFailed(error: unknown) {
    this.dispatchEvent(new NotifErrorEvent({ error, operation: 'updatePreferences' }));
  }

  private onStatus(status: PreferencesStatus) {
    if (status.state === 'error')
      this.dispatchEvent(new NotifErrorEvent({ error: status.error, operation: status.operation }));
  }

  // --- lifecycle -------------------------------------------------------------------------------------

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
    this.stopListening = undefined;
    this.boundStore = undefined;
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    // Listeners are held only while connected (an update can still run after the element left the page).
    if (!this.isConnected) return;
    const store = this.activeStore;
    if (store !== this.boundStore) {
      this.stopListening?.();
      if (this.boundStore) {
        // Another subscriber or store: nothing of the old draft or of the old saves applies.
        this.draft = undefined;
        this.expanded = new Set();
        this.savingSwitches.clear();
      }
      this.boundStore = store;
      this.preferencesState.store = store?.$preferences;
      this.statusState.store = store?.$status;
      this.pendingState.store = store?.$pending;
      this.saveErrorState.store = store?.$saveError;
      if (store) {
        const stops = [
          store.onSaved((preferences, change) => this.onSaved(preferences, change)),
          store.onError((error) => this.onFailed(error)),
          store.$status.listen((status) => this.onStatus(status)),
        ];
        this.stopListening = () => stops.forEach((stop) => stop());
      } else {
        this.stopListening = undefined;
      }
    }
  }

  protected override updated(): void {
    if (this.focusAfterRender) {
      const selector = this.focusAfterRender;
      this.focusAfterRender = undefined;
      this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
    }
  }

  // --- render ----------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const t = this.translator;
    return html`<section part="base" class="preferences" aria-labelledby="title" lang=${t.locale}>
      <h2 id="title" part="title" class="title">${this.heading ?? t.t('preferences.title')}</h2>
      ${this.renderSaveError()} ${this.renderBody()} ${this.announcer.render()}
    </section>`;
  }

  private renderSaveError(): TemplateResult | typeof nothing {
    const error = this.saveErrorState.value;
    if (!error) return nothing;
    const t = this.translator;
    return html`<div class="banner" part="save-error" role="alert">
      <span>${t.t('preferences.error.save')}</span>
      <button
        type="button"
        class="button quiet"
        part="dismiss"
        @click=${() => this.activeStore?.dismissError()}
      >
        ${t.t('inbox.error.dismiss')}
      </button>
    </div>`;
  }

  private renderBody(): TemplateResult {
    const t = this.translator;
    const preferences = this.preferencesState.value;
    const status = this.statusState.value;
    if (!preferences && status?.state === 'error') {
      return html`<div class="state error" part="load-error" role="alert">
        <p>${t.t('preferences.error.load')}</p>
        <button type="button" class="button" part="retry" @click=${() => void this.activeStore?.load()}>
          ${t.t('preferences.error.retry')}
        </button>
      </div>`;
    }
    if (!preferences) {
      return html`<div class="skeleton" part="skeleton" aria-hidden="true">
          ${[0, 1, 2, 3, 4].map(
            () =>
              html`<div class="skeleton-row">
                <span class="bone switch-bone"></span><span class="bone"></span>
              </div>`,
          )}
        </div>
        <p class="visually-hidden" role="status">${t.t('preferences.loading')}</p>`;
    }
    return html`${this.renderGlobal(preferences)} ${this.renderWorkflows(preferences)}`;
  }

  private renderGlobal(preferences: SubscriberPreferences): TemplateResult {
    const t = this.translator;
    const channels = presentChannels(preferences.global.channels);
    const busy = this.pendingState.value?.has('global') ?? false;
    return html`<section
      part="section"
      class="section"
      aria-labelledby="global-heading"
      data-section="global"
    >
      <h3 id="global-heading" part="heading" class="section-heading">${t.t('preferences.global')}</h3>
      <ul class="switches" part="switches" aria-busy=${busy ? 'true' : 'false'}>
        ${channels.map(
          (channel) =>
            html`<li class="switch-row">
              ${renderSwitch({
                label: t.t(channelKey(channel)),
                checked: preferences.global.channels[channel] === true,
                key: `global:${channel}`,
                busy: this.savingSwitches.has(`global:${channel}`),
                onChange: (value) => this.setGlobalChannel(channel, value),
              })}
            </li>`,
        )}
      </ul>
      ${this.renderSchedule()}
    </section>`;
  }

  private renderWorkflows(preferences: SubscriberPreferences): TemplateResult {
    const t = this.translator;
    const workflows = preferences.workflows;
    return html`<section
      part="section"
      class="section"
      aria-labelledby="workflows-heading"
      data-section="workflows"
    >
      <h3 id="workflows-heading" part="heading" class="section-heading">${t.t('preferences.workflows')}</h3>
      ${
        workflows.length === 0
          ? html`<p class="muted" part="empty">${t.t('preferences.empty')}</p>`
          : html`<ul class="workflows" part="workflows">
              ${workflows.map((workflow, index) => this.renderWorkflow(workflow, index))}
            </ul>`
      }
    </section>`;
  }

  private renderWorkflow(preference: WorkflowPreference, index: number): TemplateResult {
    const t = this.translator;
    const { identifier, name } = preference.workflow;
    const open = this.expanded.has(identifier);
    const disabled = !preference.enabled;
    const toggleId = `workflow-${index}`;
    const panelId = `workflow-${index}-panel`;
    const noteId = `workflow-${index}-note`;
    const busy = this.pendingState.value?.has(identifier) ?? false;
    const channels = presentChannels(preference.channels);
    return html`<li
      class=${disabled ? 'workflow disabled' : 'workflow'}
      part=${disabled ? 'workflow workflow-disabled' : 'workflow'}
      data-workflow=${identifier}
    >
      <h4 class="workflow-heading">
        <button
          type="button"
          class="workflow-toggle"
          part="workflow-toggle"
          id=${toggleId}
          aria-expanded=${open ? 'true' : 'false'}
          aria-controls=${panelId}
          @click=${() => this.toggleWorkflow(identifier)}
        >
          <svg class="chevron" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path
              d="M6 3l5 5-5 5"
              stroke="currentColor"
              stroke-width="1.6"
              fill="none"
              stroke-linecap="round"
              stroke-linejoin="round"
            />
          </svg>
          <span class="workflow-name">${name}</span>
        </button>
      </h4>
      <div
        class="workflow-panel"
        part="workflow-panel"
        id=${panelId}
        role="group"
        aria-labelledby=${toggleId}
        aria-busy=${busy ? 'true' : 'false'}
        ?hidden=${!open}
      >
        ${disabled ? html`<p class="note" part="note" id=${noteId}>${t.t('preferences.workflow.disabled')}</p>` : nothing}
        <ul class="switches" part="switches">
          ${channels.map((channel) => {
            const source = overrideSource(preference, channel);
            const overrideId = `workflow-${index}-${channel}-source`;
            const describedBy = [disabled ? noteId : '', source ? overrideId : ''].filter(Boolean).join(' ');
            const label = t.t(channelKey(channel));
            return html`<li class="switch-row">
              ${renderSwitch({
                label,
                accessibleName: t.t('preferences.channelFor', { channel: label, workflow: name }),
                checked: preference.channels[channel] === true,
                disabled,
                describedBy,
                key: `${identifier}:${channel}`,
                busy: this.savingSwitches.has(`${identifier}:${channel}`),
                onChange: (value) => this.setWorkflowChannel(preference, channel, value),
              })}
              ${
                source
                  ? html`<span class="override" part="override" id=${overrideId}
                      >${t.t(`preferences.override.${source}`)}</span
                    >`
                  : nothing
              }
            </li>`;
          })}
        </ul>
      </div>
    </li>`;
  }

  private renderSchedule(): TemplateResult {
    const t = this.translator;
    const schedule = this.shownSchedule;
    const issues = validateSchedule(schedule);
    const dirty = this.scheduleDirty;
    const saving = this.savingSchedule;
    const showWeek = schedule.isEnabled || issues.length > 0;
    return html`<div class="schedule" part="schedule" role="group" aria-labelledby="schedule-heading">
      <h4 id="schedule-heading" part="heading" class="schedule-heading">
        ${t.t('preferences.schedule.title')}
      </h4>
      ${renderSwitch({
        label: t.t('preferences.schedule.enabled'),
        checked: schedule.isEnabled,
        key: 'schedule',
        onChange: (value) => this.setScheduleEnabled(value),
      })}
      ${
        showWeek
          ? html`<div class="week" part="week">
              ${WEEK_DAYS.map((day) => this.renderDay(day, schedule, issues))}
            </div>`
          : nothing
      }
      <div class="issues" part="issues" role="status" aria-live="polite">
        ${
          issues.length > 0
            ? html`<ul>
                ${summarise(issues).map((issue) => html`<li>${t.dayName(issue.day)}: ${issueText(t, issue)}</li>`)}
              </ul>`
            : nothing
        }
      </div>
      <div class="actions" part="actions">
        <button
          type="button"
          class="button"
          part="cancel"
          aria-disabled=${dirty && !saving ? 'false' : 'true'}
          @click=${() => !saving && this.cancelSchedule()}
        >
          ${t.t('preferences.schedule.cancel')}
        </button>
        <button
          type="button"
          class="button primary"
          part="save"
          aria-disabled=${dirty && !saving ? 'false' : 'true'}
          aria-busy=${saving ? 'true' : 'false'}
          @click=${() => void this.saveSchedule()}
        >
          ${saving ? t.t('preferences.saving') : t.t('preferences.schedule.save')}
        </button>
      </div>
    </div>`;
  }

  private renderDay(day: WeekDay, schedule: Schedule, issues: ScheduleIssues): TemplateResult {
    const t = this.translator;
    const entry = schedule.weeklySchedule?.[day] ?? { isEnabled: false, hours: [] };
    const hours = entry.hours ?? [];
    const dayIssues = issues.filter((issue) => issue.day === day);
    const dayError = issuesAt(issues, day)[0];
    const nameId = `day-${day}-name`;
    const errorId = `day-${day}-error`;
    const showRanges = entry.isEnabled || dayIssues.length > 0;
    const dayName = t.dayName(day);
    return html`<div
      class=${entry.isEnabled ? 'day' : 'day off'}
      part=${entry.isEnabled ? 'day' : 'day day-off'}
      role="group"
      aria-labelledby=${nameId}
      data-day=${day}
    >
      <div class="day-head">
        ${renderSwitch({
          label: dayName,
          labelId: nameId,
          accessibleName: t.t('preferences.schedule.day.enabled', { day: dayName }),
          checked: entry.isEnabled,
          key: `day:${day}`,
          describedBy: dayError ? errorId : undefined,
          onChange: (value) => this.setDayEnabled(day, value),
        })}
        ${entry.isEnabled ? nothing : html`<span class="muted" part="day-off-text">${t.t('preferences.schedule.day.off')}</span>`}
      </div>
      ${
        showRanges
          ? html`<div class="ranges">
              ${hours.map((range, index) => this.renderRange(day, range, index, issues))}
              ${dayError ? html`<p class="field-error" part="error" id=${errorId}>${issueText(t, dayError)}</p>` : nothing}
              <div class="day-actions">
                <button
                  type="button"
                  class="button quiet"
                  part="add-range"
                  aria-describedby=${dayError ? errorId : nothing}
                  ?data-day-invalid=${Boolean(dayError)}
                  @click=${() => this.addRange(day)}
                >
                  ${t.t('preferences.schedule.addRange')}
                </button>
                <button type="button" class="button quiet" part="copy" @click=${() => this.copyToAll(day)}>
                  ${t.t('preferences.schedule.copyToAll')}
                </button>
              </div>
            </div>`
          : nothing
      }
    </div>`;
  }

  private renderRange(day: WeekDay, range: TimeRange, index: number, issues: ScheduleIssues): TemplateResult {
    const t = this.translator;
    const at = issuesAt(issues, day, index);
    const message = (field: 'start' | 'end' | undefined) => {
      const issue = at.find((i) => i.field === field);
      return issue ? issueText(t, issue) : undefined;
    };
    const text = t.t('preferences.schedule.range', {
      start: displayTime(t, range.start),
      end: displayTime(t, range.end),
    });
    return renderTimeRange({
      id: rangeId(day, index),
      start: inputTime(range.start),
      end: inputTime(range.end),
      labels: {
        range: text,
        start: t.t('preferences.schedule.start'),
        end: t.t('preferences.schedule.end'),
        remove: t.t('preferences.schedule.removeRange', {
          start: displayTime(t, range.start),
          end: displayTime(t, range.end),
        }),
      },
      errors: { start: message('start'), end: message('end'), range: message(undefined) },
      onStart: (value) => this.setTime(day, index, 'start', value),
      onEnd: (value) => this.setTime(day, index, 'end', value),
      onRemove: () => this.removeRange(day, index),
    });
  }
}

// ---------------------------------------------------------------------------------------------------------

/** What a change is about: `'schedule'`, `'global'` or a workflow identifier (the store's targets). */
function saveTarget(change: UpdatePreferencesBody): string {
  return change.workflowId ?? (change.schedule ? 'schedule' : 'global');
}

function rangeId(day: WeekDay, index: number): string {
  return `range-${day}-${index}`;
}

/** The channels a preference carries, in the fixed order In-app, Email, SMS, Chat, Push. */
function presentChannels(channels: PreferenceChannels): ChannelType[] {
  return CHANNEL_TYPES.filter((channel) => typeof channels[channel] === 'boolean');
}

function channelKey(channel: ChannelType): TranslationKey {
  return `preferences.channel.${channel}`;
}

function overrideSource(
  preference: WorkflowPreference,
  channel: ChannelType,
): KnownOverrideSource | undefined {
  const source = preference.overrides.find((override) => override.channel === channel)?.source;
  return (KNOWN_OVERRIDE_SOURCES as readonly string[]).includes(source ?? '')
    ? (source as KnownOverrideSource)
    : undefined;
}

/** `HH:mm` for a time input, or `''` when the wire time cannot be read. */
function inputTime(wire: string): string {
  const minutes = parseWireTime(wire);
  return minutes === null ? '' : formatInputTime(minutes);
}

/** A wire time on the locale's clock; an unreadable one as it is (or `--:--` when empty). */
function displayTime(t: Translator, wire: string): string {
  const minutes = parseWireTime(wire);
  if (minutes === null) return wire.trim() || '--:--';
  return t.formatTime(Math.floor(minutes / 60), minutes % 60);
}

function issueText(t: Translator, issue: ScheduleIssue): string {
  switch (issue.code) {
    case 'time':
      return t.t('preferences.invalid.time', { example: t.formatTime(9, 0) });
    case 'endBeforeStart':
      return t.t('preferences.invalid.endBeforeStart');
    case 'overlap':
      return t.t('preferences.invalid.overlap');
    case 'noRange':
      return t.t('preferences.invalid.noRange');
  }
}

/** One line per kind of problem and day (an overlap is reported on both ranges, a bad time on each field). */
function summarise(issues: ScheduleIssues): ScheduleIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.day}:${issue.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

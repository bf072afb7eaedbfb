/**
 * The state of the delivery schedule of `<notif-preferences>`, apart from its templates: whether the editor
 * is open, the draft being edited (checked as it is typed), the day shown, saving, the "Saved"
 * confirmation, and where the focus goes after each step.
 *
 * The draft starts with the first change; until then the editor shows the stored schedule. Save sends the
 * draft through the store and closes the editor once the service accepted it; a refused save keeps the
 * draft and the editor open, so that nothing typed is lost. Cancel drops the draft. Both return the focus to
 * the Edit button (the schedule switch when there is no Edit button), if the focus was in the schedule.
 *
 * Outside the editor the schedule switch saves at once, as the channel switches do; turning the schedule
 * on without any delivery day opens the editor with Monday to Friday instead.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WEEK_DAYS, type WeekDay } from '../../client/enums.js';
import type { DaySchedule, Schedule, TimeRange } from '../../client/types.js';
import type { PreferencesStore } from '../../store/preferences.js';
import {
  copyDayToAll,
  DEFAULT_DAY_RANGE,
  formatWireTime,
  LATEST_END,
  normaliseSchedule,
  parseInputTime,
  parseWireTime,
  schedulesEqual,
  validateSchedule,
  type ScheduleIssues,
} from '../../store/schedule.js';

/** How long the "Saved" confirmation stays next to the summary. */
const SAVED_MS = 5000;
/** The length of a range added after the last one of a day, in minutes. */
const ADDED_RANGE_MINUTES = 60;

/** Ids of the schedule's nodes in the element's shadow root, shared with the templates. */
export const scheduleIds = {
  card: 'schedule',
  toggle: 'schedule-toggle',
  edit: 'schedule-edit',
  summary: 'schedule-summary',
  panel: 'day-panel',
  addRange: 'add-range',
  tab: (day: WeekDay) => `day-tab-${day}`,
  range: (day: WeekDay, index: number) => `range-${day}-${index}`,
};

export interface ScheduleDraftHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface ScheduleDraftOptions {
  /** The store to save through. */
  store: () => PreferencesStore | undefined;
  /** The schedule as the store shows it (`undefined` before the preferences are loaded). */
  stored: () => Schedule | undefined;
  /** The time zone picker of the editor, once loaded (see `schedule-timezone.ts`). */
  timezone?: () => ScheduleTimezoneSeam | undefined;
}

/** What the draft needs of the time zone picker: saving the schedule sets the subscriber's zone first. */
export interface ScheduleTimezoneSeam {
  /** Saving the schedule must set the subscriber's zone: it differs from the saved one, or that is unknown. */
  readonly dirty: boolean;
  /** The person picked a zone other than the saved one: Save sends it even without a schedule change. */
  readonly changed: boolean;
  /** Sets it; `false` when refused (the picker shows why and keeps the pick). */
  save(): Promise<boolean>;
  /** Forgets the pick and the error. */
  reset(): void;
}

type EditableSchedule = Schedule & {
  weeklySchedule: Record<WeekDay, DaySchedule & { hours: TimeRange[] }>;
};

export class ScheduleDraftController implements ReactiveController {
  /** The editor is open. */
  editing = false;
  /** The day the editor shows. */
  day: WeekDay = 'monday';
  /** A save of the draft is under way. */
  saving = false;
  /** The "Saved" confirmation shows. */
  saved = false;
  /** The schedule being edited, not saved yet; `undefined` until the first change. */
  draft: Schedule | undefined;

  readonly #host: ScheduleDraftHost;
  readonly #options: ScheduleDraftOptions;
  /** Ids to try, in order, for the focus after the next render. */
  #focusIds: string[] = [];
  #focusIssue = false;
  #savedTimer?: ReturnType<typeof setTimeout>;
  /** Bumped by `reset()`: a save that started before must not touch the new state. */
  #generation = 0;
  #issuesCache?: { schedule: Schedule; issues: ScheduleIssues };

  constructor(host: ScheduleDraftHost, options: ScheduleDraftOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  // --- what the templates read -------------------------------------------------------------------------

  /** The stored schedule in the form the editor shows (seven days, sorted ranges). */
  get stored(): Schedule {
    return normaliseSchedule(this.#options.stored() ?? { isEnabled: false });
  }

  /** What the editor and the summary show: the draft while editing, else the stored schedule. */
  get shown(): Schedule {
    return (this.editing && this.draft) || this.stored;
  }

  /** What is wrong with the shown schedule. */
  get issues(): ScheduleIssues {
    const schedule = this.shown;
    if (this.#issuesCache?.schedule !== schedule) {
      this.#issuesCache = { schedule, issues: validateSchedule(schedule) };
    }
    return this.#issuesCache.issues;
  }

  /** The draft differs from the stored schedule. */
  get dirty(): boolean {
    return this.draft !== undefined && !schedulesEqual(this.draft, this.stored);
  }

  // --- intents -----------------------------------------------------------------------------------------

  /** Opens the editor on Monday and focuses Monday's tab. */
  open(): void {
    if (this.editing) return;
    this.editing = true;
    this.draft = undefined;
    this.day = 'monday';
    this.#hideSaved();
    this.#focusAfterRender(scheduleIds.tab(this.day));
  }

  /** Drops the draft and closes the editor. */
  cancel(): void {
    if (!this.editing || this.saving) return;
    this.#close(false);
  }

  /** Shows another day in the editor. */
  selectDay(day: WeekDay, focus = false): void {
    this.day = day;
    if (focus) this.#focusAfterRender(scheduleIds.tab(day));
    this.#host.requestUpdate();
  }

  /** The schedule switch: part of the draft while editing, else saved at once. */
  setEnabled(value: boolean): void {
    if (this.editing) {
      this.#edit((schedule) => {
        schedule.isEnabled = value;
      });
      return;
    }
    void this.#saveSwitch(value);
  }

  setDayEnabled(day: WeekDay, value: boolean): void {
    this.#edit((schedule) => {
      const entry = schedule.weeklySchedule[day];
      entry.isEnabled = value;
      if (value && entry.hours.length === 0) entry.hours.push({ ...DEFAULT_DAY_RANGE });
    });
  }

  /** Sets a time from what an `<input type="time">` gives (`HH:mm`, or `''` while incomplete). */
  setTime(day: WeekDay, index: number, field: 'start' | 'end', value: string): void {
    const minutes = parseInputTime(value);
    const wire = minutes === null ? '' : formatWireTime(minutes);
    if (this.shown.weeklySchedule?.[day]?.hours?.[index]?.[field] === wire) return;
    this.#edit((schedule) => {
      const range = schedule.weeklySchedule[day].hours[index];
      if (range) range[field] = wire;
    });
  }

  /** Adds a range after the last one of the day (an hour long), and focuses its start. */
  addRange(day: WeekDay): void {
    let index = 0;
    this.#edit((schedule) => {
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
    this.#focusAfterRender(`${scheduleIds.range(day, index)}-start`);
  }

  /** Removes a range, and focuses the day's "Add time range". */
  removeRange(day: WeekDay, index: number): void {
    this.#edit((schedule) => {
      schedule.weeklySchedule[day].hours.splice(index, 1);
    });
    this.#focusAfterRender(scheduleIds.addRange);
  }

  /** Gives every day the switch and hours of `day`. */
  copyToAll(day: WeekDay): void {
    this.draft = copyDayToAll(this.shown, day);
    this.#host.requestUpdate();
  }

  /**
   * Saves the draft. Without a change it only closes the editor; with issues it shows the first one and
   * sends nothing.
   */
  async save(): Promise<void> {
    const store = this.#options.store();
    const draft = this.draft;
    const timezone = this.#options.timezone?.();
    if (!this.editing || this.saving || !store) return;
    if (!draft || !this.dirty) {
      if (timezone?.changed) return this.#saveTimezoneOnly(timezone);
      this.#close(false);
      return;
    }
    if (validateSchedule(draft).length > 0) {
      this.#showFirstIssue();
      return;
    }
    const generation = this.#generation;
    this.saving = true;
    this.#host.requestUpdate();
    try {
      // The zone first: the schedule must never run on a clock the person did not mean.
      if (timezone?.dirty && !(await timezone.save())) return;
      if (generation !== this.#generation) return;
      const result = await store.setSchedule(draft);
      if (generation !== this.#generation) return;
      // A change typed while the save was under way stays open, unsaved.
      if (result.ok && this.draft === draft) this.#close(true);
      // A refused save keeps the draft: nothing typed is lost, and the error says why.
      if (!result.ok && result.reason === 'invalid') this.#showFirstIssue();
    } finally {
      if (generation === this.#generation) {
        this.saving = false;
        this.#host.requestUpdate();
      }
    }
  }

  /** Only the time zone changed: sets it, and closes the editor once saved. */
  async #saveTimezoneOnly(timezone: ScheduleTimezoneSeam): Promise<void> {
    const generation = this.#generation;
    this.saving = true;
    this.#host.requestUpdate();
    try {
      const saved = await timezone.save();
      if (saved && generation === this.#generation) this.#close(true);
    } finally {
      if (generation === this.#generation) {
        this.saving = false;
        this.#host.requestUpdate();
      }
    }
  }

  /** Forgets everything: another store or subscriber. */
  reset(): void {
    this.#options.timezone?.()?.reset();
    this.#generation++;
    this.editing = false;
    this.draft = undefined;
    this.saving = false;
    this.day = 'monday';
    this.#focusIds = [];
    this.#focusIssue = false;
    this.#hideSaved();
  }

  // --- lifecycle ---------------------------------------------------------------------------------------

  hostUpdated(): void {
    const root = this.#host.renderRoot;
    if (this.#focusIssue) {
      this.#focusIssue = false;
      root.querySelector<HTMLElement>('[aria-invalid="true"], [data-day-invalid]')?.focus();
    }
    if (this.#focusIds.length === 0) return;
    const ids = this.#focusIds;
    this.#focusIds = [];
    for (const id of ids) {
      const node = root.querySelector<HTMLElement>(`#${id}`);
      if (node && node.getAttribute('aria-disabled') !== 'true') {
        node.focus();
        return;
      }
    }
  }

  hostDisconnected(): void {
    clearTimeout(this.#savedTimer);
    this.saved = false;
  }

  // --- internals ---------------------------------------------------------------------------------------

  /** Starts or continues the draft with one change, made on a deep copy. */
  #edit(change: (schedule: EditableSchedule) => void): void {
    const next = structuredClone(this.shown) as EditableSchedule;
    for (const day of WEEK_DAYS) {
      next.weeklySchedule[day] ??= { isEnabled: false, hours: [] };
      next.weeklySchedule[day].hours ??= [];
    }
    change(next);
    this.draft = next;
    this.#hideSaved();
    this.#host.requestUpdate();
  }

  #close(saved: boolean): void {
    const focusWasInside = this.#focusInSchedule();
    this.editing = false;
    this.draft = undefined;
    this.#options.timezone?.()?.reset();
    if (saved) this.#showSaved();
    if (focusWasInside) this.#focusAfterRender(scheduleIds.edit, scheduleIds.toggle);
    this.#host.requestUpdate();
  }

  /** The schedule switch outside the editor: saves the stored schedule turned on or off. */
  async #saveSwitch(value: boolean): Promise<void> {
    const store = this.#options.store();
    if (!store) return;
    const stored = this.stored;
    const next: Schedule = { ...stored, isEnabled: value };
    if (value && !WEEK_DAYS.some((day) => stored.weeklySchedule?.[day]?.isEnabled)) {
      // On, but on no day: nothing would ever be delivered. Offer office days to start from.
      const draft = structuredClone(next) as EditableSchedule;
      for (const day of WEEKDAYS) {
        const entry = draft.weeklySchedule[day];
        entry.isEnabled = true;
        if (!entry.hours?.length) entry.hours = [{ ...DEFAULT_DAY_RANGE }];
      }
      this.#openWith(draft);
      return;
    }
    const generation = this.#generation;
    const result = await store.setSchedule(next);
    if (generation !== this.#generation || this.editing) return;
    if (result.ok) this.#showSaved();
    else if (result.reason === 'invalid') {
      this.#openWith(next);
      this.#showFirstIssue();
    }
  }

  #openWith(draft: Schedule): void {
    this.editing = true;
    this.draft = draft;
    this.day = 'monday';
    this.#hideSaved();
    this.#host.requestUpdate();
  }

  /** Shows the day of the first issue and focuses the field at fault. */
  #showFirstIssue(): void {
    const first = validateSchedule(this.shown)[0];
    if (first) this.day = first.day;
    this.#focusIssue = true;
    this.#host.requestUpdate();
  }

  #focusAfterRender(...ids: string[]): void {
    this.#focusIds = ids;
    this.#host.requestUpdate();
  }

  /** The focus is in the schedule, or nowhere (a browser that does not focus clicked buttons). */
  #focusInSchedule(): boolean {
    const root = this.#host.renderRoot;
    const inner = root instanceof ShadowRoot ? root.activeElement : null;
    if (inner) return Boolean(inner.closest(`#${scheduleIds.card}`));
    const outer = document.activeElement;
    return !outer || outer === document.body;
  }

  #showSaved(): void {
    clearTimeout(this.#savedTimer);
    this.saved = true;
    this.#savedTimer = setTimeout(() => this.#hideSaved(), SAVED_MS);
    this.#host.requestUpdate();
  }

  #hideSaved(): void {
    clearTimeout(this.#savedTimer);
    if (!this.saved) return;
    this.saved = false;
    this.#host.requestUpdate();
  }
}

const WEEKDAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

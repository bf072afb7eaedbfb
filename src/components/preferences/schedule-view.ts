/**
 * The templates of the delivery schedule: a card with the schedule switch, a one-line summary and an Edit
 * button; and, on demand, the editor: a row of day tabs (one tab stop, arrow keys between days), the
 * chosen day's switch and time ranges, the list of issues, Cancel and Save. The state lives in
 * {@link ScheduleDraftController}.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { WEEK_DAYS, type WeekDay } from '../../client/enums.js';
import type { Schedule, TimeRange } from '../../client/types.js';
import type { Translator } from '../../i18n/index.js';
import {
  formatInputTime,
  issuesAt,
  parseWireTime,
  type ScheduleIssue,
  type ScheduleIssues,
} from '../../store/schedule.js';
import { icon } from '../../internal/icons.js';
import { renderSwitch } from '../../internal/switch.js';
import { renderTimeRange } from './time-range.js';
import { glyph } from './channel-icons.js';
import { scheduleIds, type ScheduleDraftController } from './schedule-draft.js';
import {
  dayHours,
  displayTime,
  rangeList,
  shortDayName,
  summariseSchedule,
  type ScheduleSummary,
} from './schedule-summary.js';

export interface ScheduleView {
  t: Translator;
  draft: ScheduleDraftController;
  /** A save of the schedule is under way (from the editor or from the switch). */
  busy: boolean;
  /** The banner of a failed schedule save: above Save while editing, else under the summary. */
  error: TemplateResult | typeof nothing;
  /** The editor's time zone picker (`schedule-timezone.ts`), once loaded. */
  timezone?: TemplateResult | typeof nothing;
}

export function renderSchedule(view: ScheduleView): TemplateResult {
  const { t, draft } = view;
  const schedule = draft.shown;
  const summary = summariseSchedule(schedule, t);
  const canEdit = !draft.editing && schedule.isEnabled;
  return html`<section
    class="card schedule"
    part="section schedule"
    id=${scheduleIds.card}
    aria-labelledby="schedule-heading"
    @keydown=${(event: KeyboardEvent) => onEscape(event, draft)}
  >
    <div class="card-head">
      <h3 id="schedule-heading" part="heading" class="card-title">
        ${glyph('clock')}${t.t('preferences.schedule.title')}
      </h3>
      <span class="head-switch">
        ${renderSwitch({
          label: t.t('preferences.schedule.enabled'),
          id: scheduleIds.toggle,
          key: 'schedule',
          checked: schedule.isEnabled,
          busy: view.busy && !draft.editing,
          describedBy: scheduleIds.summary,
          onChange: (value) => draft.setEnabled(value),
        })}
      </span>
    </div>
    <div class="summary-row">
      <p class="summary" part="schedule-summary" id=${scheduleIds.summary} dir="auto">${summary.text}</p>
      ${
        draft.saved
          ? html`<span class="saved" part="saved">${icon('check')}${t.t('preferences.saved')}</span>`
          : nothing
      }
      ${
        canEdit
          ? html`<button
              type="button"
              class="button small"
              part="edit"
              id=${scheduleIds.edit}
              aria-label=${t.t('preferences.schedule.editLabel')}
              @click=${() => draft.open()}
            >
              ${glyph('pencil')}${t.t('preferences.schedule.edit')}
            </button>`
          : nothing
      }
    </div>
    ${renderGroups(summary, t)} ${draft.editing ? renderEditor(view, schedule) : view.error}
  </section>`;
}

/** The days grouped by hours, when they differ: "Mon, Tue, Thu   9:00 AM – 6:00 PM". */
function renderGroups(summary: ScheduleSummary, t: Translator): TemplateResult | typeof nothing {
  if (summary.groups.length === 0) return nothing;
  // Each range stays on one line; the list wraps between them.
  const hours = (ranges: readonly string[]) =>
    rangeList(t)
      .formatToParts(ranges)
      .map((part) =>
        part.type === 'element' ? html`<span class="nowrap">${part.value}</span>` : part.value,
      );
  return html`<ul class="schedule-days" part="schedule-days">
    ${summary.groups.map(
      (group) =>
        html`<li>
          <span class="group-days" dir="auto">${group.days}</span
          ><span dir="auto">${hours(group.ranges)}</span>
        </li>`,
    )}
  </ul>`;
}

/**
 * Escape in the editor cancels the edit, as a dialog's Escape does: the draft is dropped and the focus goes to
 * Edit. It closes nothing else: cancelling the key stops the close request of a surrounding popover or dialog
 * (the bell's panel closes on Escape through the Popover API's light dismiss, which stopping propagation does
 * not reach). Once the editor is closed, Escape goes on to close the panel.
 */
function onEscape(event: KeyboardEvent, draft: ScheduleDraftController) {
  if (event.key !== 'Escape' || !draft.editing) return;
  event.preventDefault();
  event.stopPropagation();
  draft.cancel();
}

function renderEditor(view: ScheduleView, schedule: Schedule): TemplateResult {
  const { t, draft } = view;
  const issues = draft.issues;
  const saving = draft.saving;
  const showWeek = schedule.isEnabled || issues.length > 0;
  return html`<div class="editor" part="editor">
    ${view.timezone ?? nothing}
    ${
      showWeek
        ? html`<div
              class="week"
              part="week"
              role="tablist"
              aria-label=${t.t('preferences.schedule.days')}
              @keydown=${(event: KeyboardEvent) => onTabKey(event, draft)}
            >
              ${WEEK_DAYS.map((day) => renderTab(view, schedule, issues, day))}
            </div>
            <div hidden>
              ${WEEK_DAYS.map(
                (day) =>
                  html`<span id=${`${scheduleIds.tab(day)}-state`}
                    >${dayState(t, schedule, issues, day)}</span
                  >`,
              )}
            </div>
            ${renderDay(view, schedule, issues, draft.day)}`
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
    ${view.error}
    <div class="actions" part="actions">
      <button
        type="button"
        class="button"
        part="cancel"
        aria-disabled=${saving ? 'true' : 'false'}
        @click=${() => draft.cancel()}
      >
        ${t.t('preferences.schedule.cancel')}
      </button>
      <button
        type="button"
        class="button primary"
        part="save"
        aria-disabled=${saving ? 'true' : 'false'}
        aria-busy=${saving ? 'true' : 'false'}
        @click=${() => void draft.save()}
      >
        ${saving ? t.t('preferences.saving') : t.t('preferences.schedule.save')}
      </button>
    </div>
  </div>`;
}

function renderTab(
  view: ScheduleView,
  schedule: Schedule,
  issues: ScheduleIssues,
  day: WeekDay,
): TemplateResult {
  const { t, draft } = view;
  const selected = draft.day === day;
  const parts = ['day-tab'];
  if (selected) parts.push('day-tab-selected');
  if (schedule.weeklySchedule?.[day]?.isEnabled !== true) parts.push('day-tab-off');
  const invalid = issues.some((issue) => issue.day === day);
  if (invalid) parts.push('day-tab-invalid');
  // Named by its short name, as shown; described by the full name and the hours (or what is wrong).
  return html`<button
    type="button"
    role="tab"
    class="day-tab"
    part=${parts.join(' ')}
    id=${scheduleIds.tab(day)}
    data-day-tab=${day}
    aria-selected=${selected ? 'true' : 'false'}
    aria-controls=${scheduleIds.panel}
    aria-describedby=${`${scheduleIds.tab(day)}-state`}
    tabindex=${selected ? 0 : -1}
    @click=${() => draft.selectDay(day)}
  >
    ${shortDayName(day, t)}${invalid ? html`<span class="tab-alert" aria-hidden="true"></span>` : nothing}
  </button>`;
}

/** "Monday: 9:00 AM – 6:00 PM", "Saturday: No delivery", or the day's first problem. */
function dayState(t: Translator, schedule: Schedule, issues: ScheduleIssues, day: WeekDay): string {
  const issue = issues.find((i) => i.day === day);
  const hours = issue ? issueText(t, issue) : dayHours(schedule.weeklySchedule?.[day], t);
  return t.t('preferences.schedule.day.tab', { day: t.dayName(day), hours });
}

/** Arrow keys (mirrored right to left), Home and End move between the day tabs. */
function onTabKey(event: KeyboardEvent, draft: ScheduleDraftController) {
  const tab = event.target as HTMLElement;
  const rtl = getComputedStyle(tab).direction === 'rtl';
  const index = WEEK_DAYS.indexOf(draft.day);
  const last = WEEK_DAYS.length - 1;
  const next: Record<string, number> = {
    ArrowRight: rtl ? index - 1 : index + 1,
    ArrowLeft: rtl ? index + 1 : index - 1,
    Home: 0,
    End: last,
  };
  const target = next[event.key];
  if (target === undefined) return;
  event.preventDefault();
  draft.selectDay(WEEK_DAYS[(target + WEEK_DAYS.length) % WEEK_DAYS.length]!, true);
}

function renderDay(view: ScheduleView, schedule: Schedule, issues: ScheduleIssues, day: WeekDay) {
  const { t, draft } = view;
  const entry = schedule.weeklySchedule?.[day] ?? { isEnabled: false, hours: [] };
  const hours = entry.hours ?? [];
  const dayError = issuesAt(issues, day)[0];
  const errorId = `day-${day}-error`;
  const showRanges = entry.isEnabled || issues.some((issue) => issue.day === day);
  const dayName = t.dayName(day);
  return html`<div
    class=${entry.isEnabled ? 'day' : 'day off'}
    part=${entry.isEnabled ? 'day' : 'day day-off'}
    role="tabpanel"
    id=${scheduleIds.panel}
    aria-labelledby=${scheduleIds.tab(day)}
    data-day=${day}
  >
    ${renderSwitch({
      label: dayName,
      labelId: `day-${day}-name`,
      accessibleName: t.t('preferences.schedule.day.enabled', { day: dayName }),
      checked: entry.isEnabled,
      key: `day:${day}`,
      describedBy: dayError ? errorId : undefined,
      onChange: (value) => draft.setDayEnabled(day, value),
    })}
    ${
      showRanges
        ? html`<div class="ranges">
            ${hours.map((range, index) => renderRange(view, day, range, index, issues))}
          </div>`
        : html`<p class="muted day-off-text" part="day-off-text">${t.t('preferences.schedule.day.off')}</p>`
    }
    ${dayError ? html`<p class="field-error" part="error" id=${errorId}>${issueText(t, dayError)}</p>` : nothing}
    ${
      showRanges
        ? html`<div class="day-actions">
            <button
              type="button"
              class="button small"
              part="add-range"
              id=${scheduleIds.addRange}
              aria-describedby=${dayError ? errorId : nothing}
              ?data-day-invalid=${Boolean(dayError)}
              @click=${() => draft.addRange(day)}
            >
              ${glyph('plus')}${t.t('preferences.schedule.addRange')}
            </button>
            <button type="button" class="button small" part="copy" @click=${() => draft.copyToAll(day)}>
              ${glyph('copy')}${t.t('preferences.schedule.copyToAll')}
            </button>
          </div>`
        : nothing
    }
  </div>`;
}

function renderRange(
  view: ScheduleView,
  day: WeekDay,
  range: TimeRange,
  index: number,
  issues: ScheduleIssues,
): TemplateResult {
  const { t, draft } = view;
  const at = issuesAt(issues, day, index);
  const message = (field: 'start' | 'end' | undefined) => {
    const issue = at.find((i) => i.field === field);
    return issue ? issueText(t, issue) : undefined;
  };
  const times = { start: displayTime(t, range.start), end: displayTime(t, range.end) };
  return renderTimeRange({
    id: scheduleIds.range(day, index),
    start: inputTime(range.start),
    end: inputTime(range.end),
    labels: {
      range: t.t('preferences.schedule.range', times),
      start: t.t('preferences.schedule.start'),
      end: t.t('preferences.schedule.end'),
      remove: t.t('preferences.schedule.removeRange', times),
    },
    errors: { start: message('start'), end: message('end'), range: message(undefined) },
    onStart: (value) => draft.setTime(day, index, 'start', value),
    onEnd: (value) => draft.setTime(day, index, 'end', value),
    onRemove: () => draft.removeRange(day, index),
  });
}

/** `HH:mm` for a time input, or `''` when the wire time cannot be read. */
function inputTime(wire: string): string {
  const minutes = parseWireTime(wire);
  return minutes === null ? '' : formatInputTime(minutes);
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

export type { ActionResult, StoreStatus } from './contract.js';
export { createInboxStore, countLoaded, SAFETY_POLL } from './inbox.js';
export type {
  CountSource,
  InboxActionError,
  InboxCounts,
  InboxStatus,
  InboxStore,
  InboxStoreOptions,
  ListOperation,
  LiveMode,
} from './inbox.js';
export { createPreferencesStore } from './preferences.js';
export type {
  PreferencesSaveError,
  PreferencesStatus,
  PreferencesStore,
  PreferencesStoreOptions,
  SaveFailureReason,
  SaveResult,
} from './preferences.js';
export {
  DEFAULT_DAY_RANGE,
  LATEST_END,
  SCHEDULE_ISSUE_CODES,
  copyDayToAll,
  formatInputTime,
  formatWireTime,
  issuesAt,
  normaliseSchedule,
  parseInputTime,
  parseWireTime,
  schedulesEqual,
  validateDay,
  validateSchedule,
} from './schedule.js';
export type { DayIssue, ScheduleIssue, ScheduleIssueCode, ScheduleIssues } from './schedule.js';

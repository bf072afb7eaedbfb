/**
 * Every `::part` name `<notif-preferences>` renders, once: the bell forwards each from its settings view as
 * `preferences-<name>`, and a test checks that the JSDoc (`@csspart`, read into the manifest) and what
 * renders agree with this list.
 */
export const PREFERENCES_PARTS = [
  'base',
  'title',
  'section',
  'heading',
  'switches',
  'switch',
  'switch-on',
  'switch-track',
  'switch-thumb',
  'switch-icon',
  'switch-label',
  'override',
  'workflows',
  'workflow',
  'workflow-disabled',
  'workflow-toggle',
  'workflow-name',
  'workflow-summary',
  'workflow-panel',
  'note',
  'schedule',
  'schedule-summary',
  'schedule-days',
  'saved',
  'edit',
  'editor',
  'week',
  'day-tab',
  'day-tab-selected',
  'day-tab-off',
  'day-tab-invalid',
  'day',
  'day-off',
  'day-off-text',
  'range',
  'range-invalid',
  'time-field',
  'time-label',
  'time-input',
  'remove-range',
  'add-range',
  'copy',
  'error',
  'issues',
  'actions',
  'save',
  'cancel',
  'save-error',
  'dismiss',
  'skeleton',
  'load-error',
  'retry',
  'empty',
] as const;

export type PreferencesPart = (typeof PREFERENCES_PARTS)[number];

/** `exportparts` for a `<notif-preferences>` inside another element: every part as `preferences-<name>`. */
export const EXPORT_PREFERENCES_PARTS = PREFERENCES_PARTS.map((part) => `${part}:preferences-${part}`).join(
  ',',
);

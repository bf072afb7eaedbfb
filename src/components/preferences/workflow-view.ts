/**
 * The templates of the channel switches: the global ones, and those of each notification type (workflow),
 * which shows its name and the channels it delivers on ("In-app, Email", "All off") while closed, and its
 * switches when opened.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { CHANNEL_TYPES, type ChannelType } from '../../client/enums.js';
import type { PreferenceChannels, WorkflowPreference } from '../../client/types.js';
import type { TranslationKey, Translator } from '../../i18n/index.js';
import { renderSwitch } from '../../internal/switch.js';
import { channelIcon, glyph } from './channel-icons.js';
import type { NotifIcons } from '../../internal/icons.js';

const KNOWN_OVERRIDE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
type KnownOverrideSource = (typeof KNOWN_OVERRIDE_SOURCES)[number];

export interface ChannelsView {
  t: Translator;
  /** Switch keys (`global:email`, `comment-mention:push`) with a save under way. */
  saving: ReadonlySet<string>;
  /** Targets of the store with a save under way (`global`, a workflow identifier). */
  pending: ReadonlySet<string>;
  /** The element's replacement icons. */
  icons?: NotifIcons | undefined;
}

export interface WorkflowsView extends ChannelsView {
  workflows: readonly WorkflowPreference[];
  /** Identifiers of the open notification types. */
  expanded: ReadonlySet<string>;
  onToggle: (identifier: string) => void;
  onChange: (workflow: WorkflowPreference, channel: ChannelType, value: boolean) => void;
}

/** The global channel switches. */
export function renderGlobalChannels(
  view: ChannelsView,
  channels: PreferenceChannels,
  onChange: (channel: ChannelType, value: boolean) => void,
): TemplateResult {
  const { t } = view;
  return html`<ul class="switches" part="switches" aria-busy=${view.pending.has('global') ? 'true' : 'false'}>
    ${presentChannels(channels).map(
      (channel) =>
        html`<li class="switch-row">
          ${renderSwitch({
            label: t.t(channelKey(channel)),
            icon: view.icons?.[`channel-${channel}`] ?? channelIcon(channel),
            checked: channels[channel] === true,
            key: `global:${channel}`,
            busy: view.saving.has(`global:${channel}`),
            onChange: (value) => onChange(channel, value),
          })}
        </li>`,
    )}
  </ul>`;
}

/** The notification types, or the text saying there are none. */
export function renderWorkflows(view: WorkflowsView): TemplateResult {
  if (view.workflows.length === 0) {
    return html`<p class="muted empty" part="empty">${view.t.t('preferences.empty')}</p>`;
  }
  return html`<ul class="workflows" part="workflows">
    ${view.workflows.map((workflow, index) => renderWorkflow(view, workflow, index))}
  </ul>`;
}

/** "In-app, Email": the channels a notification type delivers on, or "All off". */
export function channelSummary(channels: PreferenceChannels, t: Translator): string {
  const on = presentChannels(channels).filter((channel) => channels[channel] === true);
  if (on.length === 0) return t.t('preferences.workflow.allOff');
  const names = on.map((channel) => t.t(channelKey(channel)));
  return new Intl.ListFormat(t.locale, { type: 'conjunction', style: 'narrow' }).format(names);
}

function renderWorkflow(view: WorkflowsView, preference: WorkflowPreference, index: number): TemplateResult {
  const { t } = view;
  const { identifier, name } = preference.workflow;
  const open = view.expanded.has(identifier);
  const disabled = !preference.enabled;
  const id = `workflow-${index}`;
  const noteId = `${id}-note`;
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
        id=${id}
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls=${`${id}-panel`}
        @click=${() => view.onToggle(identifier)}
      >
        <span class="workflow-text">
          <span class="workflow-name" part="workflow-name" id=${`${id}-name`} dir="auto">${name}</span>
          <span class="visually-hidden">, </span>
          <span class="workflow-summary" part="workflow-summary" id=${`${id}-summary`} dir="auto"
            >${channelSummary(preference.channels, t)}</span
          >
        </span>
        <span class="chevron">${glyph('chevron')}</span>
      </button>
    </h4>
    <div
      class="workflow-panel"
      part="workflow-panel"
      id=${`${id}-panel`}
      role="group"
      aria-labelledby=${`${id}-name`}
      aria-busy=${view.pending.has(identifier) ? 'true' : 'false'}
      ?hidden=${!open}
    >
      ${disabled ? html`<p class="note" part="note" id=${noteId}>${t.t('preferences.workflow.disabled')}</p>` : nothing}
      <ul class="switches" part="switches">
        ${presentChannels(preference.channels).map((channel) => {
          const source = overrideSource(preference, channel);
          const sourceId = `${id}-${channel}-source`;
          const describedBy = [disabled ? noteId : '', source ? sourceId : ''].filter(Boolean).join(' ');
          const label = t.t(channelKey(channel));
          const key = `${identifier}:${channel}`;
          return html`<li class="switch-row">
            ${renderSwitch({
              label,
              icon: view.icons?.[`channel-${channel}`] ?? channelIcon(channel),
              accessibleName: t.t('preferences.channelFor', { channel: label, workflow: name }),
              checked: preference.channels[channel] === true,
              disabled,
              describedBy,
              key,
              busy: view.saving.has(key),
              onChange: (value) => view.onChange(preference, channel, value),
            })}
            ${
              source
                ? html`<span class="override" part="override" id=${sourceId}
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

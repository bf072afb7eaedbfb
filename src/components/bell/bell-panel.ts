/**
 * The content of the bell's panel: the `<notif-inbox>` with the header's settings and close buttons, and
 * the settings view. Loaded with `import()` (issue 24): a page pays for the bell's button and count up
 * front, and for this module, the inbox element and its rows, styles and strings only when it is idle after
 * the count shows, or when a person reaches for the bell (hover, focus, pointer-down, open).
 *
 * The bell's panel `<div popover>` stays in the bell (its focus, position and light dismiss work before this
 * module arrives); this module draws what goes inside it.
 */
import { nothing, svg, type TemplateResult } from 'lit';
import { html, unsafeStatic } from 'lit/static-html.js';
import { provideInboxStores } from '../../context/read-ahead.js';
import { inboxOf } from '../../context/inbox-of.js';
import { enBellPanel } from '../../i18n/en-bell-panel.js';
import { addBuiltInStrings, type Translator } from '../../i18n/translator.js';
import { icon, lineIcon } from '../../internal/icons.js';
import { safeUrl } from '../../internal/safe-url.js';
import type { InboxStore } from '../../store/inbox.js';
import type { PreferencesStore } from '../../store/preferences.js';
import { contentText, messageHeading } from '../inbox/inbox-message.js';
import { INBOX_PARTS } from '../inbox/inbox.parts.js';
import { providePanel, type NotifBell } from './bell.component.js';
import { PanelBehaviour } from './bell-panel-behaviour.js';
// The panel holds a <notif-inbox>: defining it is this module's job, not the bell's.
import '../inbox/inbox.js';

// The panel's own icons (the shared ones are in internal/icons.ts), so that the inbox and the preferences do
// not carry them.
const SETTINGS = svg`<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z"/>`;
/** Mirrored in right-to-left text, as the arrow points back. */
const BACK = svg`<path d="M19 12H5m6-6-6 6 6 6"/>`;

// The panel's English strings come with it (the bell's own, shown before it loads, are in `en-bell.ts`).
addBuiltInStrings(enBellPanel);

/** The inbox's state slots the bell passes on to the inbox in its panel. */
const FORWARDED_SLOTS = ['empty', 'error', 'loading'] as const;

const EXPORT_INBOX_PARTS = INBOX_PARTS.map((part) => `${part}:inbox-${part}`).join(',');

/** What the panel needs of the bell that the bell keeps private or protected. */
export interface BellPanelState {
  readonly translator: Translator;
  readonly store: InboxStore | undefined;
  readonly preferencesStore: PreferencesStore | undefined;
  /**
   * Whether the bell's own `base-url`, `subscriber-id` and `api-key` make its connection: only then does the
   * panel pass them on (its elements then share that connection). Otherwise the panel's elements take the
   * provider's connection as the bell does, and an attribute the bell ignores is not warned about twice.
   */
  readonly ownConnection: boolean;
  /** Whether the settings view has preferences to show (see the bell's `hide-settings`). */
  readonly hasPreferences: boolean;
  /** The update under way hydrates server-rendered HTML (see `NotifElement.serverState`). */
  readonly serverState: boolean;
  /** Whether the panel shows the settings instead of the inbox. */
  readonly settings: boolean;
  /** `exportparts` of the settings view's preferences, once their module has loaded. */
  readonly preferencesParts: string | undefined;
  /** The desktop notifications switch of the settings view, when the bell has one. */
  readonly desktopSwitch: TemplateResult | typeof nothing | undefined;
  readonly showSettings: () => void;
  readonly showInbox: () => void;
}

/** The content of the open panel: the settings view, or the inbox. */
export function renderPanel(bell: NotifBell, state: BellPanelState): TemplateResult {
  return state.settings ? renderSettings(bell, state) : renderInbox(bell, state);
}

/**
 * A button of the panel's headers: an icon, named by its tooltip (`title`) alone. An `aria-label` beside an
 * equal `title` makes the title the description too, and screen readers read the name twice.
 */
function renderIconButton(
  part: 'close' | 'settings' | 'back',
  label: string,
  glyph: TemplateResult,
  onClick: () => void,
): TemplateResult {
  return html`<button
    class=${part === 'close' ? 'icon-button close' : 'icon-button'}
    part=${part}
    slot="header-end"
    title=${label}
    @click=${onClick}
  >
    ${glyph}
  </button>`;
}

function renderCloseButton(bell: NotifBell, state: BellPanelState): TemplateResult {
  return renderIconButton('close', state.translator.t('bell.close'), bell.icons?.close ?? icon('close'), () =>
    bell.hide(),
  );
}

/* eslint-disable lit/binding-positions, lit/no-invalid-html -- lit/static-html puts the inbox's tag there */
/**
 * The panel's `<notif-inbox>`. The bell's pass-through properties (density, render hooks...) are set here:
 * a property of the bell that the inbox should follow is added to this template.
 */
function renderInbox(bell: NotifBell, state: BellPanelState): TemplateResult {
  const t = state.translator;
  const tag = unsafeStatic((bell.constructor as typeof NotifBell).inboxTag);
  return html`<${tag}
      part="inbox"
      exportparts=${EXPORT_INBOX_PARTS}
      .store=${state.store}
      .locale=${bell.locale}
      .strings=${bell.strings}
      .icons=${bell.icons}
      density=${bell.density}
      ?selectable=${bell.selectable}
      .renderMessage=${bell.renderMessage}
      .renderAvatar=${bell.renderAvatar}
      .renderSubject=${bell.renderSubject}
      .renderBody=${bell.renderBody}
      body-format=${bell.bodyFormat ?? nothing}
      .renderActions=${bell.renderActions}
      .rowActions=${bell.rowActions}
      .preferencesStore=${bell.preferencesStore}
      .baseUrl=${state.ownConnection ? bell.baseUrl : undefined}
      .subscriberId=${state.ownConnection ? bell.subscriberId : undefined}
      .apiKey=${state.ownConnection ? bell.apiKey : undefined}
      .tabs=${bell.tabs}
      .tabStorageKey=${bell.tabStorageKey}
      theme=${bell.theme ?? nothing}
    >
      ${
        bell.hideSettings || !state.hasPreferences
          ? nothing
          : renderIconButton(
              'settings',
              t.t('bell.settings'),
              bell.icons?.settings ?? lineIcon(SETTINGS, 'icon'),
              state.showSettings,
            )
      }
      ${renderCloseButton(bell, state)}
      ${FORWARDED_SLOTS.map((name) =>
        // Not on the server, nor in the update that hydrates its HTML: the next update adds them.
        !state.serverState && bell.querySelector(`:scope > [slot="${name}"]`)
          ? html`<slot name=${name} slot=${name}></slot>`
          : nothing,
      )}
    </${tag}>`;
}
/* eslint-enable lit/binding-positions, lit/no-invalid-html */

function renderSettings(bell: NotifBell, state: BellPanelState): TemplateResult {
  const t = state.translator;
  return html`<div class="settings-view" part="settings-view">
    <div class="settings-header" part="settings-header">
      ${renderIconButton('back', t.t('bell.back'), bell.icons?.back ?? lineIcon(BACK, 'icon mirror'), state.showInbox)}
      <h2 class="settings-title" tabindex="-1">${t.t('bell.settingsTitle')}</h2>
      ${renderCloseButton(bell, state)}
    </div>
    <notif-preferences
      part="preferences"
      class="preferences"
      exportparts=${state.preferencesParts ?? nothing}
      .icons=${bell.icons}
      .store=${state.preferencesStore}
      .baseUrl=${state.ownConnection ? bell.baseUrl : undefined}
      .subscriberId=${state.ownConnection ? bell.subscriberId : undefined}
      .apiKey=${state.ownConnection ? bell.apiKey : undefined}
      .locale=${bell.locale}
      .strings=${bell.strings}
      theme=${bell.theme ?? nothing}
    ></notif-preferences>
    ${state.desktopSwitch ?? nothing}
  </div>`;
}

/** What the attention code (title count, favicon badge, desktop notifications) uses of the rows' helpers. */
export const attentionKit = { messageHeading, contentText, safeUrl };

// Bells already on the page render with it from their next update (the one `import()` asks for), and
// show their connection's inbox store from then on.
provideInboxStores(inboxOf);
providePanel({ renderPanel, attentionKit, PanelBehaviour });

export { PanelBehaviour };

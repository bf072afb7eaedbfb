/**
 * The light half of the row's "More actions" menu, in the inbox's own chunk: it loads the menu's code
 * (`row-menu.ts`, a chunk of its own) on the first hover, focus or click of a row's More button, and hands
 * it the inbox. Nothing of the menu, nor the preferences store it saves through, is on the inbox's (or the
 * bell's) critical path.
 */
import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';
import type { NotifConnection } from '../../context/registry.js';
import type { NotifErrorEvent } from '../../events/error.js';
import type { Translator } from '../../i18n/index.js';
import type { icon, NotifIcons } from '../../internal/icons.js';
import type { addBuiltInStrings } from '../../i18n/translator.js';
import type { InboxStore } from '../../store/inbox.js';
import type { PreferencesStore } from '../../store/preferences.js';
import type { NotifRowAction } from './row-actions.js';
import type { RowMenu } from './row-menu.js';

/** What the menu needs of the inbox. */
export interface RowMenuHost {
  /** The inbox element: events are fired from it, the menu's styles join its shadow root. */
  readonly element: HTMLElement & ReactiveControllerHost;
  store(): InboxStore | undefined;
  /** The host's own preferences store (`preferencesStore`), if any. */
  preferences(): PreferencesStore | undefined;
  /** The inbox's connection, whose shared preferences store is used otherwise. */
  connection(): NotifConnection | undefined;
  rowActions(): readonly NotifRowAction[] | undefined;
  translator(): Translator;
  dir(): 'ltr' | 'rtl';
  icons(): NotifIcons | undefined;
}

/**
 * What the menu uses of the inbox's own modules, handed over by the inbox: imported by the menu, they would
 * be split out of the inbox's bundle into a chunk shared with it (one more file before the inbox works).
 */
export interface RowMenuKit {
  icon: typeof icon;
  addBuiltInStrings: typeof addBuiltInStrings;
  NotifErrorEvent: typeof NotifErrorEvent;
}

export class RowMenuHook {
  readonly #host: RowMenuHost;
  readonly #kit: RowMenuKit;
  #menu: RowMenu | undefined;
  #loading: Promise<RowMenu | undefined> | undefined;

  constructor(host: RowMenuHost, kit: RowMenuKit) {
    this.#host = host;
    this.#kit = kit;
  }

  /** The `_id` of the message whose menu is open, for its More button's `aria-expanded`. */
  get openKey(): string | undefined {
    return this.#menu?.openKey;
  }

  /** From the list's `pointerover` and `focusin`: the first intent toward a More button loads the menu. */
  readonly intent = (event: Event): void => {
    if (this.#loading) return;
    const target = event.composedPath()[0];
    if (target instanceof Element && target.closest('[data-action="row-menu"]')) void this.#load();
  };

  /** Opens (or, when it is open for this message, closes) the menu of `message` under its More button. */
  toggle(message: Message, button: HTMLElement): void {
    void this.#load().then((menu) => menu?.toggle(message, button));
  }

  /** The menu and the status of "Turn off notifications like this"; nothing until the menu is loaded. */
  render(): TemplateResult | typeof nothing {
    return this.#menu?.render() ?? nothing;
  }

  #load(): Promise<RowMenu | undefined> {
    return (this.#loading ??= import('./row-menu.js').then(
      (module) => {
        this.#menu = new module.RowMenu(this.#host, this.#kit);
        this.#host.element.requestUpdate();
        return this.#menu;
      },
      (error: unknown) => {
        // A chunk that failed to load (offline, a deploy in between): the next intent tries again.
        this.#loading = undefined;
        console.error('notif-elements: the row menu could not be loaded.', error);
        return undefined;
      },
    ));
  }
}

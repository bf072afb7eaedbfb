/**
 * Gives an element its translator: from its own `locale` and `strings`, else those of the nearest
 * `<notif-provider>`, else the closest `lang` attribute in the page (crossing shadow roots), else the
 * browser's language, else English.
 *
 * The page and the browser are asked only in the browser: on the server (and in the update that hydrates
 * what the server rendered, which must draw the same) the locale is the element's, else its provider's, else
 * English.
 */
import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { PartialTranslation } from '../i18n/index.js';
// The translator without its dates (`provideFormats`): the elements that show dates provide them.
import {
  createBuiltInTranslator,
  createTranslator,
  onTranslationsChange,
  type Translator,
} from '../i18n/translator.js';
import type { NotifContextValue } from '../context/context.js';

export interface LocaleHost extends ReactiveControllerHost, HTMLElement {
  locale?: string;
  strings?: PartialTranslation;
}

export class LocaleController implements ReactiveController {
  readonly #host: LocaleHost;
  readonly #context: () => NotifContextValue | undefined;
  readonly #serverState: () => boolean;
  #cached?: {
    locale: string;
    strings: PartialTranslation | undefined;
    contextStrings: PartialTranslation | undefined;
    hydrating: boolean;
    translator: Translator;
  };

  /**
   * `serverState` tells when the element draws what a server draws (see `NotifElement.serverState`): no
   * locale from the page then.
   */
  constructor(
    host: LocaleHost,
    context: () => NotifContextValue | undefined,
    serverState: () => boolean = () => isServer,
  ) {
    this.#host = host;
    this.#context = context;
    this.#serverState = serverState;
    host.addController(this);
  }

  #stopWatching?: () => void;

  hostConnected(): void {
    // A server that calls `connectedCallback` renders once: nothing to re-render, nothing to stop listening to.
    if (isServer) return;
    this.#cached = undefined;
    // A locale registered after the element rendered shows on the next render.
    this.#stopWatching = onTranslationsChange(() => {
      this.#cached = undefined;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
  }

  /** The translator for the element's current locale and strings. */
  get translator(): Translator {
    const context = this.#context();
    const server = this.#serverState();
    const locale =
      this.#host.locale || context?.locale || (server ? undefined : pageLanguage(this.#host)) || 'en';
    // Hydrating (in the browser) what the server rendered: the server may have had other strings registered
    // than the browser has now (a shipped table it had not loaded, say). The built-in English strings make
    // every text that differs from the browser's own render again right after, so none is left stale.
    const hydrating = server && !isServer;
    const strings = this.#host.strings;
    const contextStrings = context?.strings;
    const cached = this.#cached;
    if (
      cached &&
      cached.locale === locale &&
      cached.strings === strings &&
      cached.contextStrings === contextStrings &&
      cached.hydrating === hydrating
    ) {
      return cached.translator;
    }
    const translator = hydrating
      ? createBuiltInTranslator(locale)
      : createTranslator(locale, { ...contextStrings, ...strings });
    this.#cached = { locale, strings, contextStrings, hydrating, translator };
    return translator;
  }
}

/** The closest `lang` in the page, else the browser's language: in a browser only. */
function pageLanguage(element: LocaleHost): string | undefined {
  return closestLang(element) || (typeof navigator === 'undefined' ? undefined : navigator.language);
}

function closestLang(element: Element): string | undefined {
  if (typeof Element === 'undefined') return undefined;
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element) {
      const lang = node.getAttribute('lang');
      if (lang) return lang;
    }
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return undefined;
}

/**
 * Gives an element its translator: from its own `locale` and `strings`, else those of the nearest
 * `<notif-provider>`, else the closest `lang` attribute in the page (crossing shadow roots), else the
 * browser's language.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  createTranslator,
  onTranslationsChange,
  type PartialTranslation,
  type Translator,
} from '../i18n/index.js';
import type { NotifContextValue } from '../context/context.js';

export interface LocaleHost extends ReactiveControllerHost, HTMLElement {
  locale?: string;
  strings?: PartialTranslation;
}

export class LocaleController implements ReactiveController {
  private readonly host: LocaleHost;
  private readonly context: () => NotifContextValue | undefined;
  private cached?: {
    locale: string;
    strings: PartialTranslation | undefined;
    contextStrings: PartialTranslation | undefined;
    translator: Translator;
  };

  constructor(host: LocaleHost, context: () => NotifContextValue | undefined) {
    this.host = host;
    this.context = context;
    host.addController(this);
  }

  private stopWatching?: () => void;

  hostConnected(): void {
    this.cached = undefined;
    // A locale registered after the element rendered shows on the next render.
    this.stopWatching = onTranslationsChange(() => {
      this.cached = undefined;
      this.host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  /** The translator for the element's current locale and strings. */
  get translator(): Translator {
    const context = this.context();
    const locale =
      this.host.locale || context?.locale || closestLang(this.host) || navigator.language || 'en';
    const strings = this.host.strings;
    const contextStrings = context?.strings;
    const cached = this.cached;
    if (
      cached &&
      cached.locale === locale &&
      cached.strings === strings &&
      cached.contextStrings === contextStrings
    ) {
      return cached.translator;
    }
    const translator = createTranslator(locale, { ...contextStrings, ...strings });
    this.cached = { locale, strings, contextStrings, translator };
    return translator;
  }
}

function closestLang(element: Element): string | undefined {
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

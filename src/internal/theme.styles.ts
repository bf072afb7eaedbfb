import { css } from 'lit';

/**
 * Design tokens shared by every element. Hosts set the global `--notif-*` properties (on `:root` or on an
 * element); the private `--_*` properties below are what the component styles use. Light and dark come from
 * `light-dark()`, following `prefers-color-scheme` unless the host sets `theme="light"` or `theme="dark"`.
 */
/** Declarations that hide an element from sight but not from assistive technology. */
export const visuallyHidden = css`
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

export const themeStyles = css`
  :host {
    color-scheme: light dark;
    --_bg: var(--notif-color-surface, light-dark(#ffffff, #1c1d21));
    --_bg-raised: var(--notif-color-surface-raised, light-dark(#f6f7f9, #25262c));
    --_fg: var(--notif-color-text, light-dark(#1b1c20, #ececf1));
    --_muted: var(--notif-color-text-muted, light-dark(#545762, #acafbb));
    --_border: var(--notif-color-border, light-dark(#d5d7de, #3d3f48));
    --_accent: var(--notif-color-accent, light-dark(#3347c9, #a3afff));
    --_on-accent: var(--notif-color-on-accent, light-dark(#ffffff, #11131c));
    --_unread-bg: var(--notif-color-unread-surface, light-dark(#f5f7ff, #202437));
    --_danger: var(--notif-color-danger, light-dark(#b42318, #ffb4ab));
    --_danger-bg: var(--notif-color-danger-surface, light-dark(#fdecea, #3b1d1b));
    --_focus: var(--notif-color-focus, light-dark(#3347c9, #a3afff));
    --_radius: var(--notif-radius-m, 8px);
    --_radius-s: var(--notif-radius-s, 4px);
    --_space: var(--notif-space-m, 0.75rem);
    --_space-s: var(--notif-space-s, 0.375rem);
    --_font: var(--notif-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--notif-font-size, 0.9375rem);
    --_font-size-s: var(--notif-font-size-s, 0.8125rem);
    --_shadow: var(--notif-shadow, 0 8px 28px rgb(0 0 0 / 0.18));
    font-family: var(--_font);
    font-size: var(--_font-size);
    color: var(--_fg);
  }

  :host([theme='light']) {
    color-scheme: light;
  }

  :host([theme='dark']) {
    color-scheme: dark;
  }

  :host([hidden]) {
    display: none !important;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .visually-hidden {
    ${visuallyHidden}
  }

  /* Text of another direction (an English subject in an Arabic inbox) reads in its own direction but lines
     up with the layout: at the right in a right-to-left inbox. (text-align: match-parent would say it, but
     Chromium resolves it against the text's own direction.) */
  :dir(ltr) > [dir='auto'] {
    text-align: left;
  }

  :dir(rtl) > [dir='auto'] {
    text-align: right;
  }

  button {
    font: inherit;
    color: inherit;
  }

  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }

  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;

/**
 * The small line icons the elements draw (24×24 view box, `currentColor`, hidden from assistive
 * technology: the buttons that hold them carry the accessible name).
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';

const ICONS = {
  bell: svg`<path d="M6 10a6 6 0 0 1 12 0c0 4.5 1.5 6 2 7H4c.5-1 2-2.5 2-7Z"/><path d="M10 20a2 2 0 0 0 4 0"/>`,
  check: svg`<path d="m5 12.5 4.5 4.5L19 7.5"/>`,
  checkAll: svg`<path d="m2.5 12.5 4.5 4.5 9.5-9.5"/><path d="m11.5 16.5.5.5 9.5-9.5"/>`,
  /** "Mark as unread": a closed envelope with an unread dot (a bare dot read as the letter "o"). */
  envelopeDot: svg`<path d="M14 5H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-6"/><path d="m3 7.5 9 6 4.2-2.8"/><circle cx="19.5" cy="5.5" r="2.5" fill="currentColor" stroke="none"/>`,
  /** The row's "More actions" button: three dots. */
  more: svg`<circle cx="6" cy="12" r="1.4" fill="currentColor"/><circle cx="12" cy="12" r="1.4" fill="currentColor"/><circle cx="18" cy="12" r="1.4" fill="currentColor"/>`,
  close: svg`<path d="M6 6l12 12M18 6 6 18"/>`,
  alert: svg`<circle cx="12" cy="12" r="9"/><path d="M12 7.5v5.5m0 3.5v.01"/>`,
  retry: svg`<path d="M20 12a8 8 0 1 1-2.3-5.6L20 8.5"/><path d="M20 4v4.5h-4.5"/>`,
} as const;

export type IconName = keyof typeof ICONS;

/**
 * The icons a page may replace, through the `icons` property of an element (the bell passes its own on to
 * its inbox and preferences). Each takes a Lit template, usually an inline `<svg>` in `currentColor`.
 */
export const NOTIF_ICON_NAMES = [
  'markRead',
  'markUnread',
  'markAllRead',
  'settings',
  'close',
  'back',
  'retry',
  'alert',
  'system',
  'empty',
  'caughtUp',
  'error',
  'channel-in_app',
  'channel-email',
  'channel-sms',
  'channel-chat',
  'channel-push',
] as const;
export type NotifIconName = (typeof NOTIF_ICON_NAMES)[number];
/** Replacement icons by name (see `NOTIF_ICON_NAMES`); a missing one keeps the default. */
export type NotifIcons = Partial<Record<NotifIconName, TemplateResult>>;

/** Line drawings as an inline SVG icon, on a `grid`×`grid` view box, in `currentColor`, hidden from assistive technology. */
export function lineIcon(
  paths: SVGTemplateResult,
  className: string,
  grid = 24,
  stroke = 1.75,
): TemplateResult {
  return html`<svg
    class=${className}
    viewBox="0 0 ${grid} ${grid}"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    stroke-width=${stroke}
    stroke-linecap="round"
    stroke-linejoin="round"
  >
    ${paths}
  </svg>`;
}

/** An icon as inline SVG; it mirrors in right-to-left text when `mirror` is set (arrows). */
export function icon(name: IconName, mirror = false): TemplateResult {
  return lineIcon(ICONS[name], mirror ? 'icon mirror' : 'icon');
}

/** The larger drawings of the empty and error states: an open tray, and a cloud that lost its line. */
export function illustration(kind: 'empty' | 'caught-up' | 'error'): TemplateResult {
  const art = {
    empty: svg`<rect x="10" y="18" width="44" height="32" rx="6" fill="currentColor" opacity=".12"/><path d="M10 36h12l4 6h12l4-6h12M16 18l6-8h20l6 8" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/><rect x="10" y="18" width="44" height="32" rx="6" fill="none" stroke="currentColor" stroke-width="2.5"/>`,
    'caught-up': svg`<circle cx="32" cy="32" r="22" fill="currentColor" opacity=".12"/><circle cx="32" cy="32" r="22" fill="none" stroke="currentColor" stroke-width="2.5"/><path d="m22 33 7 7 14-15" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
    error: svg`<path d="M20 46a10 10 0 0 1-1-20 14 14 0 0 1 27-2 11 11 0 0 1-2 22Z" fill="currentColor" opacity=".12"/><path d="M20 46a10 10 0 0 1-1-20 14 14 0 0 1 27-2 11 11 0 0 1-2 22Z" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/><path d="M32 30v7m0 4.5v.01" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>`,
  }[kind];
  return html`<svg class="state-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">${art}</svg>`;
}

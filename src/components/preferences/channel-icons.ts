/**
 * Small line icons of the preferences: one per delivery channel, and the glyphs of its headings and
 * buttons that the shared set (`internal/icons.ts`) lacks. Drawn on a 16×16 grid in `currentColor`, hidden
 * from assistive technology (the text next to them names things).
 */
import { svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { ChannelType } from '../../client/enums.js';
import { lineIcon } from '../../internal/icons.js';

const CHANNEL_PATHS: Record<ChannelType, SVGTemplateResult> = {
  // A bell: notifications inside the app.
  in_app: svg`<path d="M8 2.25a3.6 3.6 0 0 0-3.6 3.6v2.3L3 10.9h10l-1.4-2.75v-2.3A3.6 3.6 0 0 0 8 2.25Z" />
    <path d="M6.4 12.9a1.65 1.65 0 0 0 3.2 0" />`,
  // An envelope.
  email: svg`<rect x="2" y="3.5" width="12" height="9" rx="1.6" />
    <path d="m2.6 4.6 5.4 4 5.4-4" />`,
  // A text bubble with three dots.
  sms: svg`<path d="M3.6 2.75h8.8c.9 0 1.6.7 1.6 1.6v5c0 .9-.7 1.6-1.6 1.6H7.2L4 13.4v-2.45h-.4c-.9 0-1.6-.7-1.6-1.6v-5c0-.9.7-1.6 1.6-1.6Z" />
    <path d="M5.4 6.85h.01M8 6.85h.01M10.6 6.85h.01" stroke-width="1.9" />`,
  // Two speech bubbles: a conversation.
  chat: svg`<path d="M2.75 3.25h6.5c.6 0 1 .45 1 1v3.6c0 .55-.4 1-1 1H5.4L3.25 10.5V8.85h-.5c-.55 0-1-.45-1-1v-3.6c0-.55.45-1 1-1Z" />
    <path d="M10.25 6h3c.55 0 1 .45 1 1v3.4c0 .55-.45 1-1 1h-.5v1.6l-2.1-1.6H8.2c-.55 0-1-.45-1-1V10.3" />`,
  // A phone with a dot: a push notification.
  push: svg`<rect x="3.75" y="1.75" width="7.5" height="12.5" rx="1.6" />
    <path d="M6.5 11.9h2" />
    <circle cx="12.2" cy="3.9" r="2.1" fill="currentColor" stroke="none" />`,
};

/** The icon of a channel. */
export function channelIcon(channel: ChannelType): TemplateResult {
  return lineIcon(CHANNEL_PATHS[channel], 'icon channel-icon', 16, 1.3);
}

const GLYPHS = {
  /** Delivery hours. */
  clock: svg`<circle cx="8" cy="8" r="5.75" /><path d="M8 4.9V8l2.1 1.4" />`,
  /** All notifications. */
  sliders: svg`<path d="M2.5 4.5h6M11.5 4.5h2M2.5 11.5h2M7.5 11.5h6" />
    <circle cx="10" cy="4.5" r="1.5" /><circle cx="6" cy="11.5" r="1.5" />`,
  /** Notification types. */
  stack: svg`<path d="m8 2.5 5.5 2.75L8 8 2.5 5.25 8 2.5Z" /><path d="m2.5 8.25 5.5 2.75 5.5-2.75" />
    <path d="m2.5 11 5.5 2.75L13.5 11" />`,
  pencil: svg`<path d="M10.4 2.9a1.5 1.5 0 0 1 2.1 0l.6.6a1.5 1.5 0 0 1 0 2.1l-7 7-3 .6.6-3 6.7-7.3Z" />`,
  plus: svg`<path d="M8 3.25v9.5M3.25 8h9.5" />`,
  copy: svg`<rect x="5.25" y="5.25" width="8" height="8" rx="1.4" />
    <path d="M10.75 5.25V4.1c0-.75-.6-1.35-1.35-1.35H4.1c-.75 0-1.35.6-1.35 1.35v5.3c0 .75.6 1.35 1.35 1.35h1.15" />`,
  chevron: svg`<path d="m4.5 6.25 3.5 3.5 3.5-3.5" stroke-width="1.6" />`,
} as const;

export type Glyph = keyof typeof GLYPHS;

/** One of the glyphs of the preferences' buttons and headings. */
export function glyph(name: Glyph): TemplateResult {
  return lineIcon(GLYPHS[name], `icon glyph-${name}`, 16, 1.3);
}

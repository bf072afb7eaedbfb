/** The corners `<notif-toast>` shows its toasts at; logical, so `end` is the right in English, the left in Arabic. */
export const TOAST_POSITIONS = ['top-end', 'bottom-end', 'top-start', 'bottom-start'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Toasts shown at once: a fourth arrival pushes the oldest out. */
export const MAX_TOASTS = 3;
/** Milliseconds a toast stays unless hovered or focused. */
export const DEFAULT_TOAST_DURATION = 6000;

import { css } from 'lit';

/**
 * The avatar of a message as `renderAvatar` (inbox-message.ts) draws it: initials on a tint, a picture over
 * them, or the neutral icon. Shared by the inbox's rows and the toasts; each sets `--_avatar`, its size.
 */
export const avatarStyles = css`
  .avatar {
    position: relative;
    display: inline-grid;
    place-items: center;
    overflow: hidden;
    inline-size: var(--_avatar);
    block-size: var(--_avatar);
    border-radius: 50%;
    background: color-mix(in srgb, var(--_accent) 14%, var(--_bg));
    color: var(--_accent);
    font-size: 0.75rem;
    font-weight: 600;
  }

  .avatar img {
    position: absolute;
    inset: 0;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  .avatar.neutral {
    background: var(--_bg-raised);
    color: var(--_muted);
    box-shadow: inset 0 0 0 1px var(--_separator);
  }

  .avatar .icon {
    inline-size: 1.125rem;
    block-size: 1.125rem;
  }
`;

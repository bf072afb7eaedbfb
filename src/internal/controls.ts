import { css } from 'lit';

/**
 * The shared controls: `.button` (with `primary`, `quiet`, `small`), `.icon` and `.icon-button`. Apart from
 * `themeStyles` (every element's, the bell's button included, which uses none of them) and in a module of
 * their own, so that a page with a bell alone does not download them (issue 24): the inbox, the preferences
 * and toasts list them right after the theme, and the bell's panel adopts them with its own styles.
 */
export const controlStyles = css`
  .button {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-s);
    min-block-size: 2rem;
    padding-block: 0.25rem;
    padding-inline: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    background: var(--_bg);
    color: var(--_fg);
    cursor: pointer;
    text-decoration: none;
  }

  .button:hover:not(:disabled) {
    background: var(--_bg-raised);
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }

  .button.primary:hover:not(:disabled) {
    background: var(--_accent);
    filter: brightness(1.1);
  }

  .button.quiet {
    border-color: transparent;
    background: transparent;
  }

  .button.small {
    min-block-size: 1.75rem;
    padding-block: 0.125rem;
    padding-inline: 0.625rem;
    font-size: var(--_font-size-s);
    font-weight: 500;
  }

  .button.quiet.small {
    padding-inline: 0.5rem;
  }

  .icon {
    flex: none;
    inline-size: 1rem;
    block-size: 1rem;
  }

  .icon.mirror:dir(rtl) {
    transform: scaleX(-1);
  }

  .icon-button {
    display: inline-grid;
    place-items: center;
    inline-size: 2rem;
    block-size: 2rem;
    padding: 0;
    border: 0;
    border-radius: var(--_radius-s);
    background: transparent;
    color: var(--_muted);
    cursor: pointer;
  }

  .icon-button:hover {
    background: var(--_bg-raised);
    color: var(--_fg);
  }

  .icon-button .icon {
    inline-size: 1.125rem;
    block-size: 1.125rem;
  }

  @media (forced-colors: active) {
    .button,
    .button.primary,
    .button.quiet,
    .icon-button {
      border: 1px solid ButtonText;
      background: ButtonFace;
      color: ButtonText;
      forced-color-adjust: none;
    }
  }
`;

import { css } from 'lit';

/**
 * What the elements show when something is on its way or went wrong, shared by the inbox and the
 * preferences: the error banner of a change that was not saved, the full states (an illustration, a title,
 * a hint and an action) for empty lists and failed loads, and the pulsing bones of loading placeholders.
 */
export const feedbackStyles = css`
  .banner {
    display: flex;
    align-items: center;
    gap: var(--_space-s);
    padding-block: var(--_space-s);
    padding-inline: var(--_space);
    border-radius: var(--_radius-s);
    background: var(--_danger-bg);
    color: var(--_danger);
    font-size: var(--_font-size-s);
  }

  .banner > .icon {
    flex: none;
  }

  .banner > span {
    flex: 1;
  }

  .state {
    display: flex;
    flex: 1;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.375rem;
    padding-block: 2.5rem;
    padding-inline: calc(var(--_space) * 2);
    text-align: center;
  }

  .state p {
    margin: 0;
  }

  /* The title and hint of a state: the alert of an error state, without its button. */
  .state-text {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.375rem;
  }

  .state-art {
    inline-size: 4.5rem;
    block-size: 4.5rem;
    margin-block-end: 0.5rem;
    color: var(--_accent);
  }

  .state-title {
    font-size: 1rem;
    font-weight: 600;
    color: var(--_fg);
  }

  .state-hint {
    max-inline-size: 22rem;
    font-size: var(--_font-size-s);
    color: var(--_muted);
  }

  .state .button {
    margin-block-start: var(--_space);
  }

  .state.error .state-art {
    color: var(--_danger);
  }

  .bone {
    display: block;
    block-size: 0.75rem;
    border-radius: var(--_radius-s);
    background: var(--_bg-raised);
    animation: pulse 1.4s ease-in-out infinite;
  }

  @keyframes pulse {
    50% {
      opacity: 0.45;
    }
  }

  @media (forced-colors: active) {
    .banner {
      border: 1px solid CanvasText;
    }
    .bone {
      background: GrayText;
    }
  }
`;

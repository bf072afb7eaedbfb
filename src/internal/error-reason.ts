/**
 * The plain-words reason of a failed load, from the kind of error the client gave: only what actually failed
 * is named (a 401 or 403 says signed out, a redirect says so, anything not recognised says something went
 * wrong). The keys are the inbox's, built into every translator.
 */
import type { NotifError } from '../client/errors.js';
import type { TranslationKey } from '../i18n/index.js';

export function errorReason(error: unknown): TranslationKey {
  const failure = error as Partial<NotifError> & { status?: number };
  switch (failure?.kind) {
    case 'network':
      return 'inbox.error.network';
    case 'timeout':
      return 'inbox.error.timeout';
    case 'redirect':
      return 'inbox.error.redirect';
    case 'http':
      if (failure.status === 401 || failure.status === 403) return 'inbox.error.denied';
      return (failure.status ?? 0) >= 500 ? 'inbox.error.server' : 'inbox.error.other';
    default:
      return 'inbox.error.other';
  }
}

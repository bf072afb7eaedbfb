/**
 * The poller of the inbox store: refreshes the first page every `pollInterval` while the store is mounted,
 * the page is visible and this tab is the one elected to poll (a Web Lock, when tabs share the inbox and the
 * platform has locks; otherwise every tab polls). Failures back off, doubling up to
 * {@link MAX_POLL_BACKOFF}; a success brings the interval back.
 */
import { requestLeadership } from './inbox-sync.js';

/** Polling backs off up to this delay after failures. */
export const MAX_POLL_BACKOFF = 5 * 60_000;

/** While the stream is up, its events drive refreshes; a safety poll still runs this often (or `pollInterval` if longer). */
export const SAFETY_POLL = 5 * 60_000;

export interface PollerOptions {
  pollInterval: number;
  /** Aborted when the store is destroyed: the poller stops for good. */
  signal: AbortSignal;
  /** The Web Lock that elects the one polling tab; `null` when every tab polls. */
  lock: string | null;
  /** True while a list request is under way: the poll waits, and the request re-arms the poller at its end. */
  busy(): boolean;
  poll(): void;
  /** The tab also runs the stream: it is elected even when `pollInterval` is 0. */
  live?: boolean;
  /** Hears when this tab becomes (or stops being) the elected one. */
  onLeader?(leader: boolean): void;
}

export interface Poller {
  /** The store was mounted (`true`) or unmounted (which also gives the leadership up). */
  mount(mounted: boolean): void;
  /** (Re)sets the timer to the next poll that is due. */
  arm(): void;
  /** A refresh of the top succeeded (`true`) or failed: sets when the next poll is due. */
  done(ok: boolean): void;
  /** The stream is up (`true`: polls slow down to {@link SAFETY_POLL}) or not (a poll is due at once). */
  slow(slow: boolean): void;
}

export function createPoller(o: PollerOptions): Poller {
  const { signal, lock, busy, poll } = o;
  let pollInterval = o.pollInterval;
  let mounted = false;
  let slowed = false;
  let leader = false;
  let release: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt: number | undefined;
  let failures = 0;

  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
  const canPoll = () => !signal.aborted && mounted && pollInterval > 0 && leader && visible();

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!canPoll() || busy()) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (canPoll() && !busy()) poll();
      },
      dueAt === undefined ? 0 : Math.max(0, dueAt - Date.now()),
    );
  }

  function setLeader(value: boolean): void {
    const changed = leader !== value;
    leader = value;
    arm();
    if (changed) o.onLeader?.(value);
  }

  /** The polling tab is one that is mounted and visible; a hidden tab lets another visible one poll. */
  function elect(): void {
    const want = !signal.aborted && mounted && (o.pollInterval > 0 || !!o.live) && visible();
    if (lock === null) {
      setLeader(want);
    } else if (want && !release) {
      release = requestLeadership(lock, setLeader);
    } else if (!want && release) {
      const give = release;
      release = null;
      give();
      setLeader(false);
    }
  }

  function onVisibility(): void {
    if (visible()) dueAt = Date.now(); // due at once
    elect();
    arm();
  }

  function mount(value: boolean): void {
    if (mounted === value || signal.aborted) return;
    mounted = value;
    if (typeof document !== 'undefined') {
      document[value ? 'addEventListener' : 'removeEventListener']('visibilitychange', onVisibility);
    }
    elect();
  }

  return {
    mount,
    arm,
    done(ok) {
      failures = ok ? 0 : failures + 1;
      dueAt = Date.now() + Math.min(pollInterval * 2 ** failures, Math.max(MAX_POLL_BACKOFF, pollInterval));
    },
    slow(value) {
      if (slowed === value || o.pollInterval === 0) return;
      slowed = value;
      pollInterval = value ? Math.max(SAFETY_POLL, o.pollInterval) : o.pollInterval;
      dueAt = value ? Date.now() + pollInterval : Date.now();
      arm();
    },
  };
}

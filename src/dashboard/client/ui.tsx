import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, retryAfterOf } from './api';

// The pieces every page uses: its loading, error and empty states, times, secrets shown once.

/** An error as people need it: what went wrong, and the request id to quote to support. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const e =
    error instanceof ApiError
      ? error
      : new ApiError(String((error as Error)?.message ?? error), 'error', null);
  return (
    <div class="error" role="alert">
      <p>
        {e.message}
        {e.retryAfterSeconds === null
          ? ''
          : e.retrying
            ? ` This page tries again by itself in ${e.retryAfterSeconds} seconds.`
            : ` Try again in ${e.retryAfterSeconds} seconds.`}
      </p>
      {e.requestId ? (
        <p class="muted">
          Request id: <code>{e.requestId}</code>
        </p>
      ) : null}
    </div>
  );
}

export const Loading = ({ what }: { what: string }) => (
  <p class="loading" role="status">
    Loading {what}…
  </p>
);

export const Empty = ({ children }: { children: ComponentChildren }) => (
  <p class="empty">{children}</p>
);

/** A time in the browser's zone; the UTC instant on hover. */
export function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span class="muted">—</span>;
  const date = new Date(value);
  return (
    <time
      dateTime={date.toISOString()}
      title={`${date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')} UTC`}
    >
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}
    </time>
  );
}

export interface Query<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` now and whenever `deps` change (or reload is called). A refusal that says when to ask
 * again (the portal's rate limit: 429 with Retry-After) is asked again by itself at that time, so
 * a page refused for a minute comes back without a reload.
 */
export function useQuery<T>(load: () => Promise<T>, deps: unknown[]): Query<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => {
        if (error instanceof ApiError && retryAfterOf(error) !== null) error.retrying = true;
        if (live) setState({ error, loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const wait = state.loading ? null : retryAfterOf(state.error);
  useEffect(() => {
    if (wait === null) return undefined;
    const timer = setTimeout(reload, wait * 1000);
    return () => clearTimeout(timer);
  }, [state.error, wait]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/**
 * Calls `refresh` every `ms` while the tab is visible, and once when it is shown again after missing
 * a turn: every tab and script of a developer share one portal budget (60 requests a minute), so a
 * hidden tab spends none of it. `enabled` false (another page of the list, a refusal being waited
 * out) stops it. `refresh` must keep its identity (useQuery's reload does).
 */
export function useLiveRefresh(refresh: () => void, ms: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let missed = false;
    const tick = () => {
      if (document.visibilityState === 'hidden') missed = true;
      else refresh();
    };
    const shown = () => {
      if (document.visibilityState !== 'visible' || !missed) return;
      missed = false;
      refresh();
    };
    const timer = setInterval(tick, ms);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [refresh, ms, enabled]);
}

/** How long a running job's progress waits before each poll: soon at first, then less often. */
const PROGRESS_DELAYS_MS = [1000, 2000, 3000, 5000];

/**
 * Polls a running job's progress (a replay, a scenario) while `running`: after 1 s, then less
 * often the longer it runs (up to every 5 s), and not while the tab is hidden, so that a long run
 * does not spend the developer's 60 portal requests a minute. `poll` sets the state that is `key`;
 * each new key schedules the next poll.
 */
export function useProgressPolling(running: boolean, poll: () => void, key: unknown): void {
  const polls = useRef(0);
  useEffect(() => {
    if (!running) {
      polls.current = 0;
      return undefined;
    }
    const go = () => {
      polls.current += 1;
      poll();
    };
    const whenShown = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', whenShown);
      go();
    };
    const delay = PROGRESS_DELAYS_MS[Math.min(polls.current, PROGRESS_DELAYS_MS.length - 1)];
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden')
        document.addEventListener('visibilitychange', whenShown);
      else go();
    }, delay);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', whenShown);
    };
  }, [key]);
}

/**
 * A table that may scroll sideways on a narrow screen: a labelled region the keyboard can focus
 * (and then scroll with the arrow keys), as WCAG 2.1.1 asks of scrollable content.
 */
export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A mutation's state: run it, and its error for the page to show. */
export function useAction<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const act = async (...args: A): Promise<R | undefined> => {
    setState({ busy: true });
    try {
      const result = await run(...args);
      setState({ busy: false });
      return result;
    } catch (error) {
      setState({ busy: false, error });
      return undefined;
    }
  };
  return { act, busy: state.busy, error: state.error };
}

/** A value shown this once, with a copy button and the warning that goes with it. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div class="shown-once">
      <p class="label">{label}</p>
      <code class="secret">{value}</code>
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
        <span class="sr-only"> {label}</span>
      </button>
    </div>
  );
}

export const OnceWarning = () => (
  <p class="warning" role="note">
    Copy it now: it will not be shown again.
  </p>
);

/** An action that asks first (a dialog the keyboard can answer; Escape cancels). */
export function Confirm(props: {
  question: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div
      class="confirm"
      role="alertdialog"
      aria-modal="false"
      aria-label={props.question}
      onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
    >
      <p>{props.question}</p>
      <button type="button" class="danger" onClick={props.onConfirm} ref={button}>
        {props.confirm}
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}

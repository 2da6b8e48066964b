import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';

/** One read: a key, how to fetch it, how long an answer is reused. */
export interface ReadQuery<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  staleTime?: number;
}

interface Entry {
  data?: unknown;
  error?: unknown;
  at: number;
  pending?: Promise<unknown>;
}

/** What the render process hands the browser: the answers it rendered with, by key. */
export type DehydratedReads = [string, unknown][];

const keyOf = (k: readonly unknown[]) => JSON.stringify(k);

/**
 * The public pages' read cache. Route loaders fill it before a page renders (on the server and on
 * client-side navigation), the pages read it with `useRead`; the render process's answers are
 * handed to the browser so hydration refetches nothing. Small on purpose: it is part of every
 * reader's first load, where a general query library would not fit (TanStack Query with its
 * hydration adds about 9.7 kB gzip: bench/first-load-alt.ts, docs/architecture.md#public-data-stack).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly defaultStaleMs: number) {}

  /** The cached answer when fresh enough, else fetched (once, however many ask at the same time). */
  ensure<T>(q: ReadQuery<T>): Promise<T> {
    const key = keyOf(q.queryKey);
    const e = this.entries.get(key);
    if (e?.pending) return e.pending as Promise<T>;
    if (e && 'data' in e && Date.now() - e.at < (q.staleTime ?? this.defaultStaleMs)) return Promise.resolve(e.data as T);
    const pending = q.queryFn().then(
      (data) => {
        this.entries.set(key, { data, at: Date.now() });
        this.emit();
        return data;
      },
      (error: unknown) => {
        this.entries.set(key, { ...e, error, at: e?.at ?? 0 });
        this.emit();
        throw error;
      },
    );
    this.entries.set(key, { ...e, at: e?.at ?? 0, pending });
    return pending;
  }

  peek(key: readonly unknown[]): Entry | undefined {
    return this.entries.get(keyOf(key));
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  dehydrate(): DehydratedReads {
    return [...this.entries].filter(([, e]) => 'data' in e).map(([k, e]) => [k, e.data]);
  }

  hydrate(reads: DehydratedReads | undefined) {
    for (const [k, data] of reads ?? []) this.entries.set(k, { data, at: Date.now() });
  }

  private emit() {
    this.listeners.forEach((l) => l());
  }
}

/** Provided around every public page (the render's or the tab's cache). */
export const ReadCacheContext = createContext<ReadCache>(null!);

export type ReadState<T> = { isLoading: boolean; isError: boolean; error: unknown } & ({ isSuccess: true; data: T } | { isSuccess: false; data: T | undefined });

/** A cached read for a component: filled by the route loader as a rule, fetched here otherwise. */
export function useRead<T, S = T>(q: ReadQuery<T>, opts: { enabled?: boolean; select?: (data: T) => S } = {}): ReadState<S> {
  const cache = useContext(ReadCacheContext);
  const enabled = opts.enabled ?? true;
  const key = keyOf(q.queryKey);
  const entry = useSyncExternalStore(
    cache.subscribe,
    () => cache.peek(q.queryKey),
    () => cache.peek(q.queryKey),
  );
  useEffect(() => {
    if (enabled && !entry) cache.ensure(q).catch(() => undefined);
    // `key` stands for the query (a new object on every render).
  }, [cache, key, enabled, entry]);
  const { select } = opts;
  const raw = entry && 'data' in entry ? (entry.data as T) : undefined;
  const data = useMemo(() => (raw === undefined ? undefined : select ? select(raw) : (raw as unknown as S)), [raw, select]);
  const hasData = entry !== undefined && 'data' in entry;
  const status = { isLoading: enabled && !hasData && entry?.error === undefined, isError: entry?.error !== undefined && !hasData, error: entry?.error };
  return hasData ? { ...status, isSuccess: true, data: data as S } : { ...status, isSuccess: false, data };
}

import { useMemo } from 'react';
import { DEFAULT_JOURNAL_FLAGS } from '@journal/contracts/journal-flags';
import { useSettings, type Settings } from '../api/public.api';

const EMPTY_FLAGS: Settings['flags'] = DEFAULT_JOURNAL_FLAGS;

/** Settings with safe defaults while loading, plus the journal's plain-text name. */
export function useJournal() {
  const q = useSettings();
  return useMemo(() => {
    const s = q.data;
    const flags = { ...EMPTY_FLAGS, ...(s?.flags ?? {}) };
    const name = (s?.websitename ?? '').trim();
    return { settings: s, flags, name, isLoading: q.isLoading, isError: q.isError };
  }, [q.data, q.isLoading, q.isError]);
}

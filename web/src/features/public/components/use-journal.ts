import { useMemo } from 'react';
import { useSettings, type Settings } from '../api/public.api';

const EMPTY_FLAGS: Settings['flags'] = {
  showSubject: false,
  hideOwnerNotice: false,
  showEditorContacts: false,
  showJournalList: false,
  showNaas: false,
  banner: 'sitename',
  coverImage: '',
  journalListLink: '',
  ownerNotice: '',
  ownerLink: '',
};

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

import type { JournalFlags } from './settings.schema.js';

/**
 * A journal's flags before anyone set them (docs/product.md#journal-flags): what a new journal
 * stores and what the public pages show while the settings load. Kept free of zod so public pages
 * can import it alone; `journalFlagsSchema` gives the same values (its test says so).
 */
export const DEFAULT_JOURNAL_FLAGS: Readonly<Required<JournalFlags>> = {
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
  showUsageStats: false,
};

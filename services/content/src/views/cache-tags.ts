import { createHash } from 'node:crypto';

/**
 * The cache tags of public answers: every cached answer (content's JSON and XML, the rendered
 * pages) names the tags of what it is made of (`Surrogate-Key` / `Cache-Tag`), and every write
 * names the tags it changed, so a purge reaches exactly the answers that changed. Tags are short
 * and header-safe: the journal id (24 hex characters) and a kind letter.
 */
export const cacheTag = {
  /** Everything of the journal (a reload, a seed, a fix made in the database). */
  journal: (journalId: string) => `j${journalId}`,
  /** The journal's settings, editors, indexing partners and site files: the layout of every page. */
  head: (journalId: string) => `j${journalId}-h`,
  /**
   * The archive index (the issues with public articles, their months and counts): the archive's
   * sidebar, so every issue and article page, and not the journal's other pages.
   */
  index: (journalId: string) => `j${journalId}-x`,
  /** One issue's article list and page. */
  issue: (journalId: string, key: { year: number; volume: number; issue: number }) => `j${journalId}-i${key.year}.${key.volume}.${key.issue}`,
  /** One article's answers and pages (by reference number). */
  article: (journalId: string, ref: string) => `j${journalId}-a${ref.replace(/[^A-Za-z0-9._-]/g, '_')}`,
  /** Answers listing many articles across issues: search, feeds, sitemap, OAI, the home page's latest. */
  lists: (journalId: string) => `j${journalId}-l`,
  /** A stored file (editor picture, indexing image, site image, article PDF). */
  file: (journalId: string, path: string) => `j${journalId}-f${createHash('sha1').update(path).digest('base64url').slice(0, 12)}`,
};

/** What one published write changed: the journal and the tags of every answer it touched. */
export interface PublishedChange {
  journalId: string;
  tags: string[];
  /**
   * Versioned file URLs (`/assets/...?v=`) the write took out of service: a withdrawn or hidden
   * article's PDF, a replaced file's old version. Caches keeping files by URL drop them.
   */
  retired?: string[];
  /** The journal's hosts, which those URLs were served on. */
  hosts?: string[];
}

/** Told after each write's views are stored (the purge queue is one). Must not throw into the write. */
export type ChangeListener = (change: PublishedChange) => Promise<void> | void;

import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { ARTICLE_REF_PATTERN } from '@journal/contracts/ids';
import type { RobotList } from './counter-robots';
import { normaliseKeyword } from '../search/search-keyword';

/**
 * What a logged request counts as (COUNTER terms: an article page view is an investigation, a
 * PDF download a request, a search of the journal's site a Searches_Platform), read from the URI
 * nginx saw. Pure.
 */
export type HitTarget = { kind: 'view'; ref: string } | { kind: 'download'; path: string } | { kind: 'search'; terms: string };

const REF = `(${ARTICLE_REF_PATTERN})`;
const PAGE_RE = new RegExp(`^/archives/\\d{1,6}/vol\\d{1,6}/issue\\d{1,6}/${REF}/?$`);
const API_RE = new RegExp(`^/api/archives/ref/${REF}/?$`);
const PDF_RE = /^\/assets\/archives\/\d{1,6}\/vol\d{1,6}issue\d{1,6}\/[^/]{1,200}\.pdf$/i;
/** The search page and the search the app asks for: both carry the terms as `keyword`. */
const SEARCH_RE = /^\/(?:api\/)?search\/?$/;

export function hitTarget(uri: string | undefined): HitTarget | null {
  if (!uri || uri.length > 2048) return null;
  let path: string;
  try {
    // The query string (a version stamp of an immutable URL, tracking tags) does not change the article.
    path = decodeURIComponent(uri.split('?')[0]!.split('#')[0]!);
  } catch {
    return null;
  }
  if (SEARCH_RE.test(path)) {
    // A search page without terms is the empty form, not a search.
    const terms = normaliseKeyword(new URLSearchParams(uri.split('#')[0]!.split('?')[1] ?? '').get('keyword') ?? '');
    return terms ? { kind: 'search', terms } : null;
  }
  const page = PAGE_RE.exec(path) ?? API_RE.exec(path);
  if (page) return { kind: 'view', ref: page[1]! };
  if (PDF_RE.test(path)) return { kind: 'download', path };
  return null;
}

let counterRobots: RobotList | null = null;
/** Adds COUNTER's robots list (counter-robots.ts) to the rule, for this thread. */
export function useCounterRobots(list: RobotList | null): void {
  counterRobots = list;
  robotCache.clear();
}

/**
 * Robots are not counted (docs/product.md#usage-counting): COUNTER's list where it is installed,
 * the maintained isbot list (crawlers, HTTP libraries, headless browsers, monitors), and requests
 * without a user agent, which no reader's browser sends.
 */
export function isRobot(ua: string | undefined): boolean {
  if (!ua || !ua.trim()) return true;
  // Readers share a few browser versions: remembering the answer saves the lists' regexes (~20 µs).
  let v = robotCache.get(ua);
  if (v === undefined) {
    v = isbot(ua) || (counterRobots?.test(ua) ?? false);
    robotCache.set(ua, v);
  }
  return v;
}
const robotCache = new LRUCache<string, boolean>({ max: 5000 });

/**
 * A range request for a later part of the file is the reader's PDF viewer fetching the rest of a
 * download already counted; only the start (or the whole file) counts.
 */
export function isFirstPart(range: string | undefined): boolean {
  if (!range) return true;
  const m = /^bytes=(\d*)-/.exec(range.trim());
  // Unparsable: the whole file is sent. A suffix range ('bytes=-500') is the end of the file.
  if (!m) return true;
  return m[1] !== '' && Number(m[1]) === 0;
}

/** 'YYYY-MM' (UTC) of a time. */
export const monthOf = (ts: number) => new Date(ts).toISOString().slice(0, 7);
/** 'YYYY-MM-DD' (UTC): the day a client hash is salted for. */
export const dayOf = (ts: number) => new Date(ts).toISOString().slice(0, 10);

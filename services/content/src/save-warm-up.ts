import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import express from 'express';
import { runInNewContext } from 'node:vm';
import { diffFields, sanitizeRichText, sanitizeTitle, signToken, verifyToken } from '@journal/server-kit';
import { articleUpdateSchema } from '@journal/contracts';
import type { ContentDeps } from './deps';
import type { Article } from './archives/article.repo';
import { articleViewOf, corpusEntry, entryOf } from './views/view-build';
import { checkView, issueKeyOf, viewId, type OaiChunk, type OaiDirectory, type ViewKind, type ViewTypes } from './views/view-docs';
import { packView, unpackView } from './views/packed-view';
import { oaiEntryOf } from './views/oai-views';
import { buildOaiIndex, CHUNK_MAX, patchOaiIndex, type OaiEntry } from './views/oai-index';
import { indexWrites } from './views/index-views';
import { searchEntryOf } from './search/search-entry';
import { warmSearchChecks } from './search/search.repo';
import { warmMultipart } from './admin/upload';

/** No journal has this id: nothing below names a stored document. */
const NO_JOURNAL = '000000000000000000000000';
const AT = new Date(0);

/** A made-up article, as a save of one holds it. */
const SAMPLE: Article = {
  id: NO_JOURNAL,
  year: 2000,
  volume: 1,
  issue: 1,
  frequency: '',
  refnumber: '1',
  title: 'Warm-up article',
  authorname: 'Asha Rao',
  authors: [{ given: 'Asha', family: 'Rao', affiliations: [], orcid: '', email: '', corresponding: true }],
  abstract: '<p>Warm-up abstract.</p>',
  keywords: 'warm-up',
  pagenumber: '1-2',
  pageStart: 1,
  pageEnd: 2,
  subject: '',
  country: '',
  email: 'a@example.org',
  mobile: '',
  txnid: 'W1',
  ptype: 'paid',
  publishdate: '2000-01-01',
  doi: '',
  license: '',
  references: [],
  description: 'Warm-up article',
  file: '1.pdf',
  status: 'enabled',
  withdrawal: null,
  createdby: 'operator',
  creation: AT,
  modifiedby: 'operator',
  modification: AT,
};

/** OAI-PMH entries of many issues, so the directory built of them has a large journal's shape: a few thousand set counts, some 100 kB of JSON. */
function directoryEntries(e: OaiEntry, n = 2_000): OaiEntry[] {
  return Array.from({ length: n }, (_, i) => ({ ...e, t: e.t + i * 1000, r: `${i + 1}`, y: 1990 + (i % 30), v: (i % 30) + 1, i: (i % 4) + 1 }));
}

/**
 * A save's move of its article's OAI-PMH entry (patchOaiViews: the entry taken out of its chunk,
 * the new one put in, the directory's counts made again, the writes' JSON), on a directory and a
 * full chunk as a save reads them: packed, unpacked and checked. Run only on made-up entries, its
 * code was compiled for their objects, and a first save threw it away on the ones parsed from
 * the store (some 3 ms of its CPU).
 */
async function warmOaiPatch(e: OaiEntry, packed: <K extends ViewKind>(kind: K, view: ViewTypes[K]) => ViewTypes[K] | null): Promise<void> {
  const { dir, chunks } = buildOaiIndex(directoryEntries(e, CHUNK_MAX * 4), CHUNK_MAX);
  const stored = packed('oai', dir) as OaiDirectory | null;
  const chunk = packed('oaiChunk', chunks.get(0)!) as OaiChunk | null;
  if (!stored || !chunk?.entries[1]) return;
  const old = chunk.entries[1];
  // The article's entry before the save (by its locator's key) out, its entry as the save makes it in.
  const { put, drop } = await patchOaiIndex(stored, async () => chunk, [{ t: old.t, r: old.r }], [e]);
  const writes = indexWrites(viewId.oai(NO_JOURNAL), stored, put, drop, (c) => viewId.oaiChunk(NO_JOURNAL, c));
  for (const [, view] of writes.puts) JSON.stringify(view);
}

/**
 * The staff guard's check of a token (jsonwebtoken's first verify compiles its code and makes its
 * key objects: 1-2 ms of a first save), on a token signed here with a key made for the call,
 * never the service's.
 */
function warmTokenCheck(): void {
  const key = randomBytes(32).toString('hex');
  // A journal's id, not the platform's (NO_JOURNAL is the platform tenant's, which a staff check refuses).
  verifyToken(key, signToken(key, { id: NO_JOURNAL, name: 'warm-up', journalId: 'f'.repeat(24) }, 60).token);
}

/**
 * The upload middleware's test of the request's type (express's req.is, type-is and its media-type
 * parser: some 1.5 ms of a first save, compiled on its first call), on headers alone.
 */
function warmFormCheck(): void {
  const headers = { 'content-type': 'multipart/form-data; boundary=warm-up', 'content-length': '100' };
  express.request.is.call({ headers } as never, 'multipart/form-data');
}

/**
 * V8's full collection, or null where it cannot be had. Exposed for the call alone: the flag is set,
 * the function taken from a new context (where V8 installs it), and the flag cleared again.
 */
function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * A staff save's code run once at start-up on a made-up article, nothing read from or written to
 * any store: the edit form's parser, schema and sanitisers, the article read's cast, the views a save
 * patches (built, packed, unpacked and checked, the OAI-PMH directory and chunk among them), its
 * search entry and chunk, its activity entry (built and validated), then a full collection of the
 * start's garbage. A process's first save otherwise compiles, loads and runs all of this cold
 * (bench/store.md). A failure only costs that first save the time.
 */
export async function warmSavePath(deps: Pick<ContentDeps, 'repos' | 'activity' | 'logger'>): Promise<void> {
  const t0 = performance.now();
  try {
    const form = Object.fromEntries(Object.entries(SAMPLE).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
    await warmMultipart(form);
    warmFormCheck();
    articleUpdateSchema.safeParse(form);
    sanitizeTitle(SAMPLE.title);
    sanitizeRichText(SAMPLE.abstract);
    deps.repos.articles.warm(NO_JOURNAL, SAMPLE);
    diffFields(SAMPLE, { ...SAMPLE, abstract: '<p>Changed.</p>' }, { ignore: ['pageStart', 'pageEnd'] });
    const entry = entryOf(SAMPLE, 'January-March', 'v');
    const key = issueKeyOf(SAMPLE);
    const oai = oaiEntryOf(SAMPLE);
    const views: { [K in ViewKind]?: ViewTypes[K] } = {
      issue: { key: { year: SAMPLE.year, volume: SAMPLE.volume, issue: SAMPLE.issue }, articles: [entry] },
      article: articleViewOf(SAMPLE, entry, 'January-March') ?? undefined,
      loc: { ref: SAMPLE.refnumber, key, o: oai?.t ?? 0 },
      // The OAI-PMH directory and chunk a save moves its entry in.
      // A directory of a large journal's size (packed with the window of views up to 256 kB: its
      // encoder's first run, as the search chunk's, is the start's, not a first save's).
      ...(oai ? { oai: buildOaiIndex(directoryEntries(oai), 10).dir, oaiChunk: { entries: [oai] } } : {}),
    };
    // As a save reads a view: packed as stored, unpacked and checked.
    const packed = <K extends ViewKind>(kind: K, view: ViewTypes[K]) => checkView(kind, unpackView(packView(NO_JOURNAL, JSON.stringify(view)))?.json ?? '');
    for (const [kind, view] of Object.entries(views)) packed(kind as ViewKind, view as never);
    if (oai) await warmOaiPatch(oai, packed);
    warmTokenCheck();
    await warmSearchChecks(searchEntryOf(SAMPLE, corpusEntry(entry)));
    await deps.activity.warm();
    // The start's garbage (the cache's fill, the code above) collected now, while nothing waits:
    // otherwise a full collection of it (some 16 ms) fell in a process's first saves.
    const gc = fullCollection();
    const collected = gc ? performance.now() : 0;
    gc?.();
    deps.logger.debug({ ms: Math.round(performance.now() - t0), gcMs: gc ? Math.round(performance.now() - collected) : null }, 'save path warmed');
  } catch (err) {
    deps.logger.warn({ err }, 'save path warm-up failed: the first save compiles what it needs itself');
  }
}

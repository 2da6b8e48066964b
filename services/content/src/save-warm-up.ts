import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { diffFields, sanitizeRichText, sanitizeTitle } from '@journal/server-kit';
import { articleUpdateSchema } from '@journal/contracts';
import type { ContentDeps } from './deps';
import type { Article } from './archives/article.repo';
import { articleViewOf, corpusEntry, entryOf } from './views/view-build';
import { checkView, issueKeyOf, type ViewKind, type ViewTypes } from './views/view-docs';
import { packView, unpackView } from './views/packed-view';
import { oaiEntryOf } from './views/oai-views';
import { buildOaiIndex, type OaiEntry } from './views/oai-index';
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
function directoryEntries(e: OaiEntry): OaiEntry[] {
  return Array.from({ length: 2_000 }, (_, i) => ({ ...e, t: e.t + i * 1000, r: `${i + 1}`, y: 1990 + (i % 30), v: (i % 30) + 1, i: (i % 4) + 1 }));
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
    for (const [kind, view] of Object.entries(views)) checkView(kind as ViewKind, unpackView(packView(NO_JOURNAL, JSON.stringify(view)))?.json ?? '');
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

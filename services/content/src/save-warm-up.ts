import { diffFields, sanitizeRichText, sanitizeTitle } from '@journal/server-kit';
import { articleUpdateSchema } from '@journal/contracts';
import type { ContentDeps } from './deps';
import type { Article } from './archives/article.repo';
import { articleViewOf, corpusEntry, entryOf } from './views/view-build';
import { checkView, issueKeyOf, type ViewKind, type ViewTypes } from './views/view-docs';
import { packView, unpackView } from './views/packed-view';
import { oaiEntryOf } from './views/oai-views';
import { buildOaiIndex } from './views/oai-index';
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

/**
 * A staff save's code run once at start-up on a made-up article, nothing read from or written to
 * any store: the edit form's parser, schema and sanitisers, the article read's cast, the views a save
 * patches (built, packed, unpacked and checked, the OAI-PMH directory and chunk among them), its
 * search entry and chunk, its activity entry (built and validated). A process's first save
 * otherwise compiles, loads and runs all of this cold (bench/store.md). A failure only costs that
 * first save the time.
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
      ...(oai ? { oai: buildOaiIndex([oai]).dir, oaiChunk: { entries: [oai] } } : {}),
    };
    for (const [kind, view] of Object.entries(views)) checkView(kind as ViewKind, unpackView(packView(NO_JOURNAL, JSON.stringify(view)))?.json ?? '');
    await warmSearchChecks(searchEntryOf(SAMPLE, corpusEntry(entry)));
    await deps.activity.warm();
    deps.logger.debug({ ms: Math.round(performance.now() - t0) }, 'save path warmed');
  } catch (err) {
    deps.logger.warn({ err }, 'save path warm-up failed: the first save compiles what it needs itself');
  }
}

import { z } from 'zod';
import { AppError, diffFields, parse, type ActivityActor } from '@journal/server-kit';
import { articleRefSchema, authorsFromText, effectiveLicense, formatDoi, languageCode, publicAuthor } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { Article } from '../archives/article.repo';
import { pagePath } from '../seo/public-url';
import { cleanTitle } from '../shared/text';
import { crossrefDeposit, ISSN_RE } from './crossref-xml';

const exportSchema = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
  refs: z.array(articleRefSchema).min(1, 'Select at least one article').max(500),
});

export interface CrossrefExport {
  xml: string;
  fileName: string;
  /** Ref numbers whose DOI was made from the pattern by this export. */
  assigned: string[];
  /** The file's doi_batch_id: unique per export. */
  batchId: string;
}

/** Builds the Crossref deposit of an issue's selected articles, giving DOIs to those without one. */
export class CrossrefService {
  constructor(private readonly deps: Pick<ContentDeps, 'repos' | 'publisher' | 'activity'>) {}

  async export(journalId: string, actor: ActivityActor, input: unknown, origin: string, now = new Date()): Promise<CrossrefExport> {
    const q = parse(exportSchema, input);
    const j = await this.deps.repos.journals.findById(journalId);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    if (!ISSN_RE.test(j.issn) && !ISSN_RE.test(j.journal_essn)) {
      throw new AppError(400, 'missing_issn', 'Crossref needs the journal\'s ISSN: set the ISSN or e-ISSN in the settings first');
    }
    const key = { year: q.year, volume: q.volume, issue: q.issue };
    const inIssue = await this.deps.repos.articles.listByIssue(journalId, key);
    const byRef = new Map(inIssue.map((a) => [a.refnumber, a]));
    const missing = q.refs.filter((r) => !byRef.has(r));
    if (missing.length) throw new AppError(400, 'not_in_issue', `Not articles of this issue: ${missing.join(', ')}`);
    const chosen = [...new Set(q.refs)].map((r) => byRef.get(r)!);

    const assigned: string[] = [];
    const ready: Article[] = [];
    for (const a of chosen) {
      if (a.doi) {
        ready.push(a);
        continue;
      }
      const doi = formatDoi(j.doi_prefix, j.doi_suffix_pattern, a, j.slug);
      if (!doi) {
        throw new AppError(400, 'missing_doi', `These articles have no DOI and the journal has no DOI pattern: ${chosen.filter((x) => !x.doi).map((x) => x.refnumber).join(', ')}`);
      }
      if (await this.deps.repos.articles.doiTaken(journalId, doi, a.id)) {
        throw new AppError(409, 'duplicate_doi', `The DOI made for article ${a.refnumber} (${doi}) is already used by another article`);
      }
      const updated = await this.deps.repos.articles.update(journalId, a.id, { doi });
      if (!updated) throw new AppError(404, 'not_found', 'Article not found');
      assigned.push(a.refnumber);
      ready.push(updated);
      await this.deps.activity.record(journalId, actor, {
        kind: 'doi.assign',
        record: { type: 'article', id: a.id, label: a.refnumber },
        changes: diffFields({ doi: a.doi }, { doi: updated.doi }),
      });
    }
    if (ready.length) await this.deps.publisher.changed(journalId, ready.map((a) => ({ t: 'article' as const, id: a.id })));

    const batchId = `${j.slug}-${q.year}-v${q.volume}-i${q.issue}-${now.getTime()}`;
    const xml = crossrefDeposit(
      {
        title: j.websitename,
        issn: j.issn,
        eissn: j.journal_essn,
        language: languageCode(j.journal_language ?? ''),
        depositorName: j.websitename,
        depositorEmail: j.websiteemail,
        registrant: j.websitename,
      },
      key,
      ready.map((a) => ({
        refnumber: a.refnumber,
        title: a.title_html || cleanTitle(a.title),
        authorname: a.authorname,
        authors: (a.authors?.length ? a.authors : authorsFromText(a.authorname)).map(publicAuthor),
        license: effectiveLicense(a.license, j.license)?.url ?? '',
        references: a.references ?? [],
        abstract: a.abstract,
        year: a.year,
        volume: a.volume,
        issue: a.issue,
        pagenumber: a.pagenumber,
        publishdate: a.publishdate,
        doi: a.doi,
        url: origin + pagePath.article(a),
      })),
      { batchId, now },
    );
    return { xml, fileName: `crossref-${j.slug}-${q.year}-v${q.volume}-i${q.issue}.xml`, assigned, batchId };
  }
}

import { AppError, assertSafeRichTextLinks, diffFields, parse, sanitizeRichText, type ActivityActor } from '@journal/server-kit';
import { adminIssuesQuerySchema, doiSettingsSchema, issueCreateSchema, settingsUpdateSchema, type AdminCounts, type AdminSearchHit } from '@journal/contracts';
import { z } from 'zod';
import type { ContentDeps } from '../deps';
import { byIssueDesc, type Issue } from '../archives/issue.repo';
import type { Article } from '../archives/article.repo';
import { publicSettings } from '../journals/settings.routes';
import { issueKeyOf, parseIssueKey, type HeadView } from '../views/view-docs';
import { traced } from '../shared/save-trace';

export type IssueWithCount = Omit<Issue, 'creation'> & { creation?: Date; articles: number };

const searchSchema = z.string().trim().max(200, 'Search text is too long');
/** At most this many articles answer an admin search. */
const SEARCH_LIMIT = 200;
const issueKeySchema = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
});

/** The admin issue list of a head, made once per head object (a new head is a new object). */
const issueLists = new WeakMap<HeadView, IssueWithCount[]>();
function issueList(head: HeadView): IssueWithCount[] {
  let out = issueLists.get(head);
  if (out) return out;
  out = head.issues.map((i) => ({ ...i, articles: head.counts[issueKeyOf(i)] ?? 0 }));
  const known = new Set(head.issues.map(issueKeyOf));
  for (const [k, n] of Object.entries(head.counts)) {
    const key = parseIssueKey(k);
    if (key && !known.has(k)) out.push({ id: '', ...key, frequency: '', articles: n });
  }
  out.sort(byIssueDesc);
  issueLists.set(head, out);
  return out;
}

/** Counts, issues, admin search and settings (docs/product.md#admin-area). */
export class AdminService {
  constructor(private readonly deps: Pick<ContentDeps, 'repos' | 'publisher' | 'search' | 'activity' | 'views'>) {}

  /**
   * From the journal's head view (one document, docs/architecture.md#public-views-content), which
   * keeps every issue, editor and the articles per issue: never a read of the journal's articles.
   */
  async counts(journalId: string): Promise<AdminCounts> {
    const head = await this.deps.views.head(journalId);
    const archives = Object.values(head.counts).reduce((n, c) => n + c, 0);
    return { archives, issues: head.issues.length, editors: head.editors.length };
  }

  /**
   * Issues with their article counts (all statuses), newest first; issues known only from articles
   * are listed too. From the head, as counts; a page (`limit`, `before`) is cut from the list made
   * once per head the process holds.
   */
  async issues(journalId: string, query: unknown = {}): Promise<IssueWithCount[]> {
    const { limit, before } = parse(adminIssuesQuerySchema, query ?? {});
    const all = issueList(await this.deps.views.head(journalId));
    if (limit === undefined && !before) return all;
    const from = before ? all.findIndex((i) => byIssueDesc(before, i) < 0) : 0;
    return from < 0 ? [] : all.slice(from, from + (limit ?? all.length));
  }

  async createIssue(journalId: string, actor: ActivityActor, body: unknown): Promise<Issue> {
    const input = parse(issueCreateSchema, body ?? {});
    let issue: Issue;
    // The issue's unique index (journal, year, volume, issue) refuses a duplicate: no read before
    // the insert, a round trip a save would wait on (behind readers, on a busy process).
    try {
      // Month text is stored lower-case (the public side capitalises or upper-cases it for display).
      issue = await traced('insert', () => this.deps.repos.issues.create(journalId, { ...input, frequency: input.frequency.toLowerCase() }));
    } catch (err) {
      if ((err as { code?: number })?.code === 11000) throw new AppError(409, 'duplicate_issue', 'Issue already exists');
      throw err;
    }
    // The announcement and the activity entry are independent writes: side by side.
    await Promise.all([
      traced('publish', () => this.deps.publisher.changed(journalId, [{ t: 'issue', id: issue.id }])),
      traced('activity', () =>
        this.deps.activity.record(journalId, actor, {
          kind: 'issue.create',
          record: { type: 'issue', id: issue.id, label: `${issue.year} vol ${issue.volume} issue ${issue.issue}` },
          changes: diffFields(null, issue),
        }),
      ),
    ]);
    return issue;
  }

  /** One issue's articles by page (all statuses) and the last page used, for the add form's rule. */
  async issueArticles(journalId: string, params: unknown) {
    const key = parse(issueKeySchema, params);
    const [issue, { articles, lastPage }] = await Promise.all([
      this.deps.repos.issues.find(journalId, key.year, key.volume, key.issue),
      this.deps.repos.articles.listByIssueWithLastPage(journalId, key),
    ]);
    const count = articles.length;
    return { issue: issue ? { ...issue, articles: count } : null, articles, lastPage };
  }

  /**
   * The article as its edit form shows it. The form is mostly sent back: once this answer is sent,
   * the journal's views and search head a save reads are made ready (docs/architecture.md#a-saves-views-read-ahead).
   */
  async article(journalId: string, id: string): Promise<Article> {
    const a = await this.deps.repos.articles.findById(journalId, id);
    if (!a) throw new AppError(404, 'not_found', 'Article not found');
    setImmediate(() => void Promise.all([this.deps.views.readAhead(journalId), this.deps.search.readAhead(journalId)]));
    return a;
  }

  /** The admin search (docs/product.md#admin-area): every article of any status, from the journal's search index. */
  async search(journalId: string, q: unknown): Promise<AdminSearchHit[]> {
    const text = parse(searchSchema, q ?? '');
    if (!text) return [];
    return this.deps.search.adminSearch(journalId, text, SEARCH_LIMIT);
  }

  /**
   * The settings form: fields and flags not sent keep their value; anything unknown or malformed
   * refuses the whole update. Rich text is stored sanitised; the public caches are invalidated.
   */
  async updateSettings(journalId: string, actor: ActivityActor, body: unknown) {
    const input = parse(settingsUpdateSchema, body ?? {});
    assertSafeRichTextLinks('home_content', 'Home content', input.home_content);
    assertSafeRichTextLinks('formatted_journal_name', 'Formatted journal name', input.formatted_journal_name);
    const by = actor.name;
    const journal = await traced('read', () => this.deps.repos.journals.findById(journalId));
    if (!journal) throw new AppError(404, 'unknown_journal', 'Journal not found');
    const { flags, ...fields } = input;
    if (fields.home_content !== undefined) fields.home_content = sanitizeRichText(fields.home_content);
    if (fields.formatted_journal_name !== undefined) fields.formatted_journal_name = sanitizeRichText(fields.formatted_journal_name);
    const updated = await traced('update', () => this.deps.repos.journals.update(journalId, { ...fields, modifiedby: by, ...(flags ? { flags: { ...journal.flags, ...flags } } : {}) }));
    if (!updated) throw new AppError(404, 'unknown_journal', 'Journal not found');
    // The announcement and the activity entry are independent writes: side by side.
    await Promise.all([
      traced('publish', () => this.deps.publisher.changed(journalId, [{ t: 'journal' }])),
      traced('activity', () =>
        this.deps.activity.record(journalId, actor, {
          kind: 'settings.update',
          record: { type: 'journal', id: journalId, label: journal.slug },
          changes: diffFields(journal, updated, { only: Object.keys(input) }),
        }),
      ),
    ]);
    return publicSettings(updated);
  }

  /** The journal's DOI prefix and suffix pattern; articles keep the DOIs they already have. */
  async updateDoiSettings(journalId: string, actor: ActivityActor, body: unknown) {
    const input = parse(doiSettingsSchema, body ?? {});
    const before = await this.deps.repos.journals.findById(journalId);
    const updated = await this.deps.repos.journals.update(journalId, input);
    if (!updated) throw new AppError(404, 'unknown_journal', 'Journal not found');
    await this.deps.publisher.changed(journalId, [{ t: 'journal' }]);
    await this.deps.activity.record(journalId, actor, {
      kind: 'doi.settings',
      record: { type: 'journal', id: journalId, label: updated.slug },
      changes: diffFields(before, updated, { only: Object.keys(input) }),
    });
    return { doi_prefix: updated.doi_prefix, doi_suffix_pattern: updated.doi_suffix_pattern };
  }
}

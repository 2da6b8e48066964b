import {
  crossrefCredentialsSchema,
  depositRequestSchema,
  type CrossrefCredentialsStatus,
  type DepositResponse,
  type IssueDoiStates,
  type SubmissionView,
} from '@journal/contracts';
import { AppError, parse, type ActivityActor } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import type { Article } from '../archives/article.repo';
import { cleanTitle } from '../shared/text';
import type { CrossrefCredentials } from './crossref.client';
import { credentialsKey, open, seal } from './credentials-crypto';
import { CrossrefService } from './crossref.service';
import type { DepositRepo, Submission } from './deposit.repo';
import type { DepositQueue } from './deposit.queue';

const issueOf = (a: Pick<Article, 'year' | 'volume' | 'issue'>) => `${a.year}/${a.volume}/${a.issue}`;

export const submissionView = (s: Submission): SubmissionView => ({
  id: s.id,
  year: s.year,
  volume: s.volume,
  issue: s.issue,
  articles: s.articleIds.length,
  state: s.state,
  progress: s.progress,
  message: s.message,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/** Crossref deposits from the admin: credentials, queuing, and the DOI state of each article. */
export class DepositService {
  private readonly key: Buffer | null;
  private readonly crossref: CrossrefService;

  constructor(
    private readonly deps: Pick<ContentDeps, 'repos' | 'publisher' | 'config' | 'activity'>,
    private readonly store: DepositRepo,
    private readonly queue: DepositQueue,
  ) {
    this.key = credentialsKey(deps.config.CROSSREF_CREDENTIALS_KEY);
    this.crossref = new CrossrefService(deps);
  }

  async credentialsStatus(journalId: string): Promise<CrossrefCredentialsStatus> {
    const c = await this.store.getCredentials(journalId);
    return { configured: !!c, storable: !!this.key, updatedAt: c ? c.updatedAt.toISOString() : null };
  }

  async setCredentials(journalId: string, actor: ActivityActor, input: unknown): Promise<CrossrefCredentialsStatus> {
    const c = parse(crossrefCredentialsSchema, input);
    if (!this.key) throw new AppError(503, 'crossref_not_configured', 'Crossref credentials cannot be stored: the server has no credentials key (CROSSREF_CREDENTIALS_KEY)');
    const had = !!(await this.store.getCredentials(journalId));
    await this.store.setCredentials(journalId, {
      loginId: seal(this.key, journalId, c.loginId),
      password: seal(this.key, journalId, c.password),
      updatedAt: new Date(),
    });
    await this.recordCredentials(journalId, actor, had ? '(changed)' : '', '(changed)');
    return this.credentialsStatus(journalId);
  }

  async deleteCredentials(journalId: string, actor: ActivityActor): Promise<CrossrefCredentialsStatus> {
    if (await this.store.deleteCredentials(journalId)) await this.recordCredentials(journalId, actor, '(changed)', '');
    return this.credentialsStatus(journalId);
  }

  /** The log says the login was set, replaced or removed; never the login or the password themselves. */
  private async recordCredentials(journalId: string, actor: ActivityActor, before: string, after: string) {
    await this.deps.activity.record(journalId, actor, {
      kind: 'crossref.credentials',
      record: { type: 'crossref', id: journalId, label: 'Crossref credentials' },
      changes: [
        { field: 'loginId', before, after },
        { field: 'password', before, after },
      ],
    });
  }

  /** The journal's login in clear, for the deposit job only; null when unset or unreadable with this key. */
  async credentials(journalId: string): Promise<CrossrefCredentials | null> {
    const c = await this.store.getCredentials(journalId);
    if (!c || !this.key) return null;
    try {
      return { loginId: open(this.key, journalId, c.loginId), password: open(this.key, journalId, c.password) };
    } catch {
      return null;
    }
  }

  /** Queues deposits: one submission (file) per issue of the chosen public articles. */
  async enqueue(journalId: string, actor: ActivityActor, input: unknown, origin: string): Promise<DepositResponse> {
    const q = parse(depositRequestSchema, input);
    if (!(await this.store.getCredentials(journalId))) {
      throw new AppError(400, 'crossref_credentials_missing', 'Set the journal\'s Crossref username and password first');
    }
    const articles = this.deps.repos.articles;
    let chosen: Article[];
    if (q.scope === 'article') {
      const a = await articles.findByRef(journalId, q.refnumber);
      if (!a || a.status !== 'enabled') throw new AppError(404, 'not_found', 'Article not found');
      chosen = [a];
    } else if (q.scope === 'issue') {
      chosen = await articles.listByIssue(journalId, q, { publicOnly: true });
      if (!chosen.length) throw new AppError(404, 'not_found', 'This issue has no public articles');
    } else {
      const done = await this.store.articleIdsWithState(journalId, ['queued', 'submitted', 'registered']);
      chosen = (await articles.listPublic(journalId)).filter((a) => !done.has(a.id));
    }
    // An article already on its way to Crossref is not sent twice.
    const states = await this.store.statesOf(journalId, chosen.map((a) => a.id));
    const inFlight = (a: Article) => ['queued', 'submitted'].includes(states.get(a.id)?.state ?? '');
    const skipped = chosen.filter(inFlight).map((a) => a.refnumber);
    const ready = chosen.filter((a) => !inFlight(a));
    if (!ready.length) {
      if (q.scope === 'pending') return { submissions: [], skipped };
      throw new AppError(409, 'already_queued', 'These articles are already on their way to Crossref');
    }

    const byIssue = new Map<string, Article[]>();
    for (const a of ready) byIssue.set(issueOf(a), [...(byIssue.get(issueOf(a)) ?? []), a]);
    const out: SubmissionView[] = [];
    for (const group of byIssue.values()) {
      const { year, volume, issue } = group[0]!;
      const exp = await this.crossref.export(journalId, actor, { year, volume, issue, refs: group.map((a) => a.refnumber) }, origin);
      const now = new Date();
      const s = await this.store.createSubmission(journalId, {
        fileName: `${exp.batchId}.xml`,
        batchId: exp.batchId,
        year,
        volume,
        issue,
        articleIds: group.map((a) => a.id),
        xml: exp.xml,
        state: 'queued',
        progress: 'Queued',
        message: '',
        createdAt: now,
        updatedAt: now,
      });
      // DOIs made by the export are stored on the articles; read them back for the states.
      const fresh = await Promise.all(group.map((a) => articles.findById(journalId, a.id)));
      await this.store.setStates(
        journalId,
        group.map((a, i) => ({ articleId: a.id, refnumber: a.refnumber, doi: fresh[i]?.doi ?? a.doi, state: 'queued' as const, message: '', submissionId: s.id })),
      );
      await this.queue.add({ kind: 'upload', journalId, submissionId: s.id });
      await this.deps.activity.record(journalId, actor, {
        kind: 'crossref.deposit',
        record: { type: 'submission', id: s.id, label: issueOf(s) },
        changes: [{ field: 'articles', before: '', after: group.map((a) => a.refnumber).join(', ') }],
      });
      out.push(submissionView(s));
    }
    return { submissions: out, skipped };
  }

  async submission(journalId: string, id: string): Promise<SubmissionView> {
    const s = await this.store.getSubmission(journalId, id);
    if (!s) throw new AppError(404, 'not_found', 'Submission not found');
    return submissionView(s);
  }

  /** Every article of an issue (public or not) with its DOI state. */
  async issueStates(journalId: string, key: { year: number; volume: number; issue: number }): Promise<IssueDoiStates> {
    const list = await this.deps.repos.articles.listByIssue(journalId, key);
    const states = await this.store.statesOf(journalId, list.map((a) => a.id));
    // While a deposit is on its way, its submission's progress says what is happening.
    const inFlight = [...states.values()].filter((s) => s.state === 'queued' || s.state === 'submitted');
    const progress = await this.store.progressOf(journalId, inFlight.map((s) => s.submissionId));
    return list.map((a) => {
      const s = states.get(a.id);
      const live = s && (s.state === 'queued' || s.state === 'submitted') ? progress.get(s.submissionId) : undefined;
      return {
        id: a.id,
        refnumber: a.refnumber,
        title: a.title_html || cleanTitle(a.title),
        doi: a.doi || s?.doi || '',
        state: s?.state ?? 'not_deposited',
        message: live ?? s?.message ?? '',
        updatedAt: s ? s.updatedAt.toISOString() : null,
      };
    });
  }
}

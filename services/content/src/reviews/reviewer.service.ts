import { AppError, parse, toPlainText, type ActivityActor } from '@journal/server-kit';
import {
  REVIEW_MESSAGES as M,
  REVIEWERS_PAGE_SIZE,
  reviewerInputSchema,
  reviewerListQuerySchema,
  reviewerUpdateSchema,
  type ReviewerDetail,
  type ReviewerList,
  type ReviewerView,
  type ReviewSettings,
} from '@journal/contracts';
import { diffFields } from '@journal/server-kit';
import type { Reviewer } from './reviewer.repo';
import type { ReviewParts } from './review-parts';
import { reviewSettingsUpdateSchema } from '@journal/contracts';
import { DAY_MS } from './review-rules';

const notFound = () => new AppError(404, 'not_found', 'Reviewer not found');
const iso = (d: Date | string) => new Date(d).toISOString();
type Stats = { open: number; done: number; averageDays: number | null };

function viewOf(r: Reviewer, st: Stats | undefined): ReviewerView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    affiliation: r.affiliation,
    ror: r.ror,
    orcid: r.orcid,
    subjects: r.subjects,
    available: r.available,
    notes: r.notes,
    source: r.source,
    editorId: r.editorId,
    openReviews: st?.open ?? 0,
    reviewsDone: st?.done ?? 0,
    averageDays: st?.averageDays ?? null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** Words of a subject or keyword list, lower-case, for matching reviewers' subjects. */
const terms = (...texts: string[]) =>
  texts
    .flatMap((t) => t.split(/[,;\n]/))
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

/**
 * docs/product.md#reviewers: the journal's reviewer list (staff), its import from the editorial
 * board, a reviewer's history, the suggestions for a submission, and the review settings.
 */
export class ReviewerService {
  constructor(private readonly p: ReviewParts) {}

  private async views(journalId: string, rs: Reviewer[]): Promise<ReviewerView[]> {
    const stats = await this.p.reviews.stats(journalId, rs.map((r) => r.id));
    return rs.map((r) => viewOf(r, stats.get(r.id)));
  }

  async list(journalId: string, query: unknown): Promise<ReviewerList> {
    const q = parse(reviewerListQuerySchema, query ?? {});
    const { items, total } = await this.p.reviewers.list(journalId, { text: q.q, subject: q.subject, available: q.available, skip: (q.page - 1) * REVIEWERS_PAGE_SIZE, limit: REVIEWERS_PAGE_SIZE });
    return { items: await this.views(journalId, items), total, page: q.page, pageSize: REVIEWERS_PAGE_SIZE };
  }

  async detail(journalId: string, id: string): Promise<ReviewerDetail> {
    const r = await this.p.reviewers.findById(journalId, id);
    if (!r) throw notFound();
    const [[view], reviews] = await Promise.all([this.views(journalId, [r]), this.p.reviews.ofReviewer(journalId, id)]);
    return {
      ...view!,
      history: reviews.map((x) => ({
        reviewId: x.id,
        submissionId: x.submissionId,
        submissionNumber: x.submissionNumber,
        state: x.state,
        invitedAt: iso(x.invitedAt),
        dueDate: x.dueDate,
        submittedAt: x.review.submittedAt ? iso(x.review.submittedAt) : null,
        days: x.review.submittedAt ? Math.round(((+new Date(x.review.submittedAt) - +new Date(x.invitedAt)) / DAY_MS) * 10) / 10 : null,
      })),
    };
  }

  async create(journalId: string, actor: ActivityActor, body: unknown): Promise<ReviewerView> {
    const input = parse(reviewerInputSchema, body ?? {});
    const r = await this.p.reviewers.create(journalId, { ...input, source: 'staff', editorId: '' });
    if (!r) throw new AppError(409, 'duplicate_email', M.duplicateEmail);
    await this.p.activity.record(journalId, actor, { kind: 'reviewer.create', record: { type: 'reviewer', id: r.id, label: r.name }, changes: diffFields({}, input) });
    return viewOf(r, undefined);
  }

  async update(journalId: string, actor: ActivityActor, id: string, body: unknown): Promise<ReviewerView> {
    const patch = parse(reviewerUpdateSchema, body ?? {});
    const before = await this.p.reviewers.findById(journalId, id);
    if (!before) throw notFound();
    // Only the fields sent change (the schema's defaults would reset the rest).
    const sent = Object.fromEntries(Object.keys(patch).filter((k) => body && typeof body === 'object' && k in body).map((k) => [k, patch[k as keyof typeof patch]]));
    const after = await this.p.reviewers.update(journalId, id, sent);
    if (after === 'duplicate') throw new AppError(409, 'duplicate_email', M.duplicateEmail);
    if (!after) throw notFound();
    await this.p.activity.record(journalId, actor, { kind: 'reviewer.update', record: { type: 'reviewer', id, label: after.name }, changes: diffFields(before, after) });
    return (await this.views(journalId, [after]))[0]!;
  }

  /** Only a reviewer never invited can be removed; the others are marked unavailable (their history stays). */
  async remove(journalId: string, actor: ActivityActor, id: string): Promise<{ ok: true }> {
    const r = await this.p.reviewers.findById(journalId, id);
    if (!r) throw notFound();
    if (await this.p.reviews.hasAny(journalId, id)) throw new AppError(409, 'has_reviews', M.hasReviews);
    await this.p.reviewers.remove(journalId, id);
    await this.p.activity.record(journalId, actor, { kind: 'reviewer.remove', record: { type: 'reviewer', id, label: r.name }, changes: [{ field: 'name', before: r.name, after: '' }] });
    return { ok: true };
  }

  /** Each enabled board member with an e-mail becomes a reviewer (once: those imported or known by e-mail are skipped). */
  async importBoard(journalId: string, actor: ActivityActor): Promise<{ created: number; skipped: { name: string; reason: string }[] }> {
    const [editors, imported] = await Promise.all([this.p.editors.list(journalId), this.p.reviewers.editorIds(journalId)]);
    let created = 0;
    const skipped: { name: string; reason: string }[] = [];
    for (const e of editors) {
      const name = toPlainText(e.name).trim();
      if (e.status !== 'enabled') continue;
      if (imported.has(e.id)) {
        skipped.push({ name, reason: 'already imported' });
        continue;
      }
      const parsed = reviewerInputSchema.safeParse({ name, email: e.email, affiliation: toPlainText(e.content ?? '').replace(/\s+/g, ' ').trim().slice(0, 500), subjects: [] });
      if (!parsed.success) {
        skipped.push({ name: name || '(no name)', reason: e.email ? 'name or e-mail not usable' : 'no e-mail' });
        continue;
      }
      const r = await this.p.reviewers.create(journalId, { ...parsed.data, source: 'board', editorId: e.id });
      if (r) created += 1;
      else skipped.push({ name, reason: 'a reviewer with this e-mail exists' });
    }
    if (created) await this.p.activity.record(journalId, actor, { kind: 'reviewer.import', record: { type: 'reviewer', id: '', label: 'editorial board' }, changes: [{ field: 'reviewers', before: '', after: `${created} imported` }] });
    return { created, skipped };
  }

  /**
   * Available reviewers ranked for a submission: subjects matching its subject and keywords first,
   * then the lightest recent load (invitations of the last 180 days, open ones counting double).
   * The submission's own authors are never suggested.
   */
  async suggestions(journalId: string, submissionId: string) {
    const s = await this.p.submissions.findById(journalId, submissionId);
    if (!s) throw new AppError(404, 'not_found', 'Submission not found');
    const wanted = new Set(terms(s.subject, s.keywords));
    const authorEmails = new Set([s.email, ...s.authors.map((a) => a.email)].filter(Boolean).map((e) => e.toLowerCase()));
    const [pool, loads, invited] = await Promise.all([
      this.p.reviewers.available(journalId),
      this.p.reviews.loads(journalId, new Date(+this.p.now() - 180 * DAY_MS)),
      this.p.reviews.ofSubmission(journalId, submissionId),
    ]);
    const already = new Set(invited.filter((r) => r.state !== 'cancelled').map((r) => r.reviewer.id));
    const ranked = pool
      .filter((r) => !authorEmails.has(r.email) && !already.has(r.id))
      .map((r) => {
        const matched = r.subjects.filter((x) => wanted.has(x.toLowerCase()) || [...wanted].some((w) => w.includes(x.toLowerCase()) || x.toLowerCase().includes(w)));
        const l = loads.get(r.id) ?? { recent: 0, open: 0 };
        return { r, matched, recentLoad: l.recent, score: matched.length * 10 - l.recent - l.open };
      })
      .sort((a, b) => b.score - a.score || a.r.name.localeCompare(b.r.name))
      .slice(0, 20);
    const views = await this.views(journalId, ranked.map((x) => x.r));
    return { items: ranked.map((x, i) => ({ ...views[i]!, matched: x.matched, recentLoad: x.recentLoad, score: x.score })) };
  }

  getSettings(journalId: string): Promise<ReviewSettings> {
    return this.p.settings.get(journalId);
  }

  async saveSettings(journalId: string, actor: ActivityActor, body: unknown): Promise<ReviewSettings> {
    const patch = parse(reviewSettingsUpdateSchema, body ?? {});
    const before = await this.p.settings.get(journalId);
    const after = await this.p.settings.save(journalId, patch);
    await this.p.activity.record(journalId, actor, { kind: 'review.settings', record: { type: 'settings', id: journalId, label: 'peer review' }, changes: diffFields(before, after) });
    return after;
  }
}

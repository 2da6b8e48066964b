import { AppError, parse, type ActivityActor } from '@journal/server-kit';
import {
  articlePagePath,
  articlePdfPath,
  splitAuthors,
  authornameOf,
  canMove,
  decisionsFrom,
  SUBMISSION_MESSAGES as M,
  SUBMISSIONS_PAGE_SIZE,
  submissionDecisionSchema,
  submissionListQuerySchema,
  submissionPaymentSchema,
  submissionPublishSchema,
  type SubmissionPublish,
  type SubmissionDetail,
  type SubmissionList,
  type SubmissionState,
  type SubmissionSummary,
} from '@journal/contracts';
import type { ArticleAdminService } from '../admin/article-admin.service';
import type { UploadedFile } from '../admin/upload';
import type { Article, ArticleRepo } from '../archives/article.repo';
import type { IssueKey } from '../views/view-docs';
import type { HistoryEntry, Submission } from './submission.repo';
import type { SubmissionParts } from './submission.service';
import { DECISION_EVENT, type AuthorMail } from './submission-mail';

/**
 * docs/product.md#submission-emails: the delivery e-mail's documents, made by the PDF service when
 * the mail worker fetches them (`pdfBase`: the PDF service's address, or the public site's); each
 * has its public link for when the message would grow past the attachment limit.
 */
export function deliveryOf(a: Article, origin: string, pdfBase: string): Pick<AuthorMail, 'vars' | 'attachments' | 'links' | 'copyCoauthors'> {
  const ref = encodeURIComponent(a.refnumber);
  const pdfPath = articlePdfPath(a);
  const doc = (filename: string, path: string) => ({ filename, contentType: 'application/pdf', source: { kind: 'url' as const, url: `${pdfBase}${path}` }, link: `${origin}${path}` });
  const certificates = splitAuthors(a.authorname).map((name, i) => doc(`certificate-${a.refnumber}-${i + 1}.pdf`, `/api/pdf/certificate/${ref}/${encodeURIComponent(name)}`));
  return {
    vars: { articleLink: `${origin}${articlePagePath(a)}`, pdfLink: `${origin}${pdfPath}`, issueName: `Vol. ${a.volume}, Issue ${a.issue} (${a.year})` },
    attachments: [
      { filename: `${a.refnumber}.pdf`, contentType: 'application/pdf', source: { kind: 'asset', path: pdfPath }, link: `${origin}${pdfPath}` },
      ...certificates,
      doc(`cover-page-${a.refnumber}.pdf`, `/api/pdf/coverpage/${ref}`),
      doc('editorial-board.pdf', '/api/pdf/editorialboard'),
    ],
    links: [{ label: 'Abstract', url: `${origin}${articlePagePath(a)}` }],
    copyCoauthors: true,
  };
}

export interface StaffParts extends SubmissionParts {
  articles: Pick<ArticleRepo, 'highestNumericRef' | 'lastPageOfIssue'>;
  /** The journal's newest issue (highest year, volume, issue), or null. */
  latestIssue: (journalId: string) => Promise<IssueKey | null>;
  articleAdmin: Pick<ArticleAdminService, 'create'>;
}

const notFound = () => new AppError(404, 'not_found', 'Submission not found');
const notAllowed = () => new AppError(409, 'not_allowed', M.notAllowed);
const iso = (d: Date | string) => new Date(d).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

const summary = (s: Submission): SubmissionSummary => ({
  id: s.id,
  number: s.number,
  status: s.status,
  title: s.title,
  correspondingName: `${s.given} ${s.family}`.trim(),
  email: s.email,
  country: s.country,
  submittedAt: iso(s.createdAt),
  updatedAt: iso(s.updatedAt),
});

/** docs/product.md#submission-emails: the fee as the e-mail states it. */
const feeText = (india: string, foreign: string) => [india && `INR ${india} (India)`, foreign && `USD ${foreign} (other countries)`].filter(Boolean).join(' / ');

/**
 * docs/product.md#submissions: what managers and editors do with submissions: list, read,
 * decide, confirm or waive the fee, publish. Each act is recorded in the submission's history and
 * in the journal's activity log.
 */
export class SubmissionStaffService {
  constructor(private readonly p: StaffParts) {}

  async list(journalId: string, query: unknown): Promise<SubmissionList> {
    const q = parse(submissionListQuerySchema, query ?? {});
    const { items, total } = await this.p.repo.list(journalId, { status: q.status, text: q.q, skip: (q.page - 1) * SUBMISSIONS_PAGE_SIZE, limit: SUBMISSIONS_PAGE_SIZE });
    return { items: items.map(summary), total, page: q.page, pageSize: SUBMISSIONS_PAGE_SIZE };
  }

  private async get(journalId: string, id: string): Promise<Submission> {
    const s = await this.p.repo.findById(journalId, id);
    if (!s) throw notFound();
    return s;
  }

  async detail(journalId: string, id: string): Promise<SubmissionDetail> {
    const s = await this.get(journalId, id);
    const [journal, proposal] = await Promise.all([
      this.p.journals.findById(journalId),
      s.status === 'paid' ? this.proposal(journalId) : Promise.resolve(null),
    ]);
    return {
      ...summary(s),
      mobile: s.mobile,
      abstract: s.abstract,
      keywords: s.keywords,
      subject: s.subject,
      authors: s.authors.map(({ review: _r, ...a }) => a),
      manuscripts: s.manuscripts.map((m) => ({ id: m.fileId, version: m.version, kind: m.kind, size: m.size, at: iso(m.at) })),
      receipt: s.receipt ? { id: s.receipt.fileId, txnid: s.receipt.txnid, kind: s.receipt.kind, size: s.receipt.size, at: iso(s.receipt.at) } : null,
      ptype: s.ptype,
      txnid: s.txnid,
      history: s.history.map((h) => ({ at: iso(h.at), from: h.from, to: h.to, message: h.message, by: h.by, authorVisible: h.authorVisible })),
      decisions: decisionsFrom(s.status),
      article: s.article,
      fee: { india: journal?.fee_rupee ?? '', foreign: journal?.fee_dollar ?? '' },
      proposal,
    };
  }

  /** The file of a version or a receipt, only if it belongs to this submission. */
  async file(journalId: string, id: string, fileId: string) {
    const s = await this.get(journalId, id);
    const named = s.manuscripts.find((m) => m.fileId === fileId);
    const receipt = s.receipt?.fileId === fileId ? s.receipt : null;
    if (!named && !receipt) throw notFound();
    const f = await this.p.files.find(journalId, s.id, fileId);
    if (!f) throw notFound();
    return { ...f, downloadName: `${s.number}-${f.filename}` };
  }

  private staffEntry(s: Submission, actor: ActivityActor, to: SubmissionState, message: string): HistoryEntry {
    return { at: new Date(), from: s.status, to, by: { kind: 'staff', name: actor.name, role: actor.role }, message, authorVisible: true };
  }

  private async after(
    journalId: string,
    origin: string,
    actor: ActivityActor,
    [before, after]: [Submission, Submission],
    kind: 'submission.decision' | 'submission.payment' | 'submission.publish',
    message: string,
    extra: Pick<AuthorMail, 'vars' | 'attachments' | 'links' | 'copyCoauthors'> = {},
  ) {
    await this.p.activity.record(journalId, actor, {
      kind,
      record: { type: 'submission', id: after.id, label: after.number },
      changes: [
        { field: 'status', before: before.status, after: after.status },
        ...(before.ptype !== after.ptype ? [{ field: 'ptype', before: before.ptype, after: after.ptype }] : []),
        ...(message ? [{ field: 'message', before: '', after: message }] : []),
      ],
    });
    this.p.worklog.noted(journalId, after);
    const event = DECISION_EVENT[after.status];
    if (!event) return;
    const fee = after.status === 'accepted' || after.ptype === 'paid' ? (await this.feeVars(journalId)).fee : after.ptype === 'free' ? 'waived' : '';
    const vars: Record<string, string> = { message, fee, ...extra.vars };
    // A round of revision, or a second acceptance after a refused receipt, is another message.
    await this.p.mail.send({ journalId, origin, submission: after, event, occurrence: String(after.history.length), vars, attachments: extra.attachments, links: extra.links, copyCoauthors: extra.copyCoauthors });
  }

  private async feeVars(journalId: string) {
    const j = await this.p.journals.findById(journalId);
    return { fee: feeText(j?.fee_rupee ?? '', j?.fee_dollar ?? '') };
  }

  async decide(journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown): Promise<SubmissionDetail> {
    const { to, message } = parse(submissionDecisionSchema, body ?? {});
    const s = await this.get(journalId, id);
    if (!canMove('decide', 'staff', s.status, to)) throw notAllowed();
    const moved = await this.p.repo.move(journalId, s.id, [s.status], { status: to }, this.staffEntry(s, actor, to, message));
    if (!moved) throw notAllowed();
    await this.after(journalId, origin, actor, [s, moved], 'submission.decision', message);
    return this.detail(journalId, id);
  }

  /** Confirm: paid, with the receipt's transaction id. Waive: free, the submission number standing for the transaction. */
  async payment(journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown): Promise<SubmissionDetail> {
    const { action, message } = parse(submissionPaymentSchema, body ?? {});
    const s = await this.get(journalId, id);
    const act = action === 'confirm' ? 'confirm_payment' : 'waive_payment';
    if (!canMove(act, 'staff', s.status, 'paid')) throw notAllowed();
    const set = action === 'confirm' ? { ptype: 'paid' as const, txnid: s.receipt?.txnid ?? '' } : { ptype: 'free' as const, txnid: s.number };
    if (!set.txnid) throw notAllowed();
    const note = message || (action === 'confirm' ? `Payment confirmed (transaction ${set.txnid})` : 'Fee waived');
    const moved = await this.p.repo.move(journalId, s.id, [s.status], { status: 'paid', ...set }, this.staffEntry(s, actor, 'paid', note));
    if (!moved) throw notAllowed();
    await this.after(journalId, origin, actor, [s, moved], 'submission.payment', note);
    return this.detail(journalId, id);
  }

  /** What "Publish" proposes: the newest issue, the page after its last, the next reference number, today. */
  async proposal(journalId: string): Promise<SubmissionDetail['proposal']> {
    const issue = await this.p.latestIssue(journalId);
    if (!issue) return null;
    // The highest reference from the journal's kept bound, not a read of every article's.
    const [last, maxRef] = await Promise.all([this.p.articles.lastPageOfIssue(journalId, issue), this.p.articles.highestNumericRef(journalId)]);
    return { year: issue.year, volume: issue.volume, issue: issue.issue, pagenumber: `${last + 1}-${last + 10}`, refnumber: String(maxRef + 1), publishdate: today() };
  }

  /**
   * Makes the article from the submission (every field from it, through the article rules of the
   * admin's add form) with the final PDF: the one uploaded now, else the newest PDF version.
   */
  async publish(journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown, upload: UploadedFile | undefined): Promise<SubmissionDetail> {
    const input = parse(submissionPublishSchema, body ?? {});
    const s = await this.get(journalId, id);
    if (!canMove('publish', 'staff', s.status, 'published')) throw notAllowed();
    // The article is added by the one publisher that takes the move: two clicks make one article.
    const made: { article?: Article } = {};
    const moved = await this.p.repo.moveWith(journalId, s.id, ['paid'], async (current) => {
      const article = await this.p.articleAdmin.create(journalId, actor, articleFieldsOf(current, input), await this.finalPdf(journalId, current, input.refnumber, upload));
      made.article = article;
      return {
        set: { status: 'published', article: { id: article.id, refnumber: article.refnumber, path: articlePagePath(article) } },
        history: this.staffEntry(current, actor, 'published', `Published as ${article.refnumber}`),
      };
    });
    if (!moved || !made.article) throw notAllowed();
    const { article } = made;
    await this.after(journalId, origin, actor, [s, moved], 'submission.publish', `Published as ${article.refnumber}`, deliveryOf(article, origin, this.p.config.PDF_URL || origin));
    return this.detail(journalId, id);
  }

  /** The final PDF: the one uploaded now, else the newest PDF version of the manuscript. */
  private async finalPdf(journalId: string, s: Submission, refnumber: string, upload: UploadedFile | undefined): Promise<UploadedFile> {
    if (upload) return upload;
    const pdf = [...s.manuscripts].reverse().find((m) => m.kind === 'pdf');
    const bytes = pdf && (await this.p.files.read(journalId, s.id, pdf.fileId));
    if (!bytes) throw new AppError(400, 'invalid_file', 'Upload the final PDF: the manuscript has no PDF version');
    return { originalname: `${refnumber}.pdf`, size: bytes.length, buffer: bytes };
  }
}

/** Every field of the article from the submission, with what the publisher chose (issue, pages, reference number, date). */
function articleFieldsOf(s: Submission, input: SubmissionPublish) {
  return {
    ...input,
    title: s.title,
    abstract: s.abstract,
    authorname: authornameOf(s.authors),
    authors: s.authors,
    keywords: s.keywords,
    subject: s.subject,
    country: s.country,
    email: s.email,
    mobile: s.mobile,
    txnid: s.txnid,
    ptype: s.ptype,
  };
}

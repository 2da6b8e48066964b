import { mongo } from 'mongoose';
import { AppError, parse, sanitizeRichText, sanitizeTitle, toPlainText, type ActivityLog } from '@journal/server-kit';
import {
  authorMayWithdraw,
  awaitsPayment,
  formatSubmissionNumber,
  moveTarget,
  SUBMISSION_MESSAGES as M,
  submissionFormSchema,
  submissionPrefix,
  submissionReceiptSchema,
  submissionResendSchema,
  submissionRevisionSchema,
  submissionStateLabels,
  submissionWithdrawSchema,
  type ArticleAuthor,
  type SubmissionCreated,
  type SubmissionForm,
  type SubmissionStatus,
} from '@journal/contracts';
import { isSafeClientFileName, type UploadedFile } from '../admin/upload';
import type { JournalRepo } from '../journals/journal.repo';
import type { ContentConfig } from '../config';
import { EXTENSION, manuscriptKind, MIME, receiptKind } from './file-check';
import type { HistoryEntry, Submission, SubmissionRepo } from './submission.repo';
import type { SubmissionFiles } from './submission-files';
import type { SubmissionLimits } from './submission-limits';
import type { SubmissionFormKeys } from './submission-form-keys';
import type { WorklogNotes } from './submission-worklog';
import type { AuthorMailer } from './submission-mail';
import { isTokenShaped, tokenHash } from './submission-token';

export interface SubmissionParts {
  config: Pick<ContentConfig, 'SUBMIT_PER_ADDRESS_PER_HOUR' | 'SUBMIT_PER_EMAIL_PER_DAY' | 'RESEND_PER_HOUR' | 'SUBMISSION_TOKEN_DAYS' | 'PDF_URL'>;
  journals: Pick<JournalRepo, 'findById'>;
  repo: SubmissionRepo;
  files: SubmissionFiles;
  limits: SubmissionLimits;
  formKeys: SubmissionFormKeys;
  worklog: Pick<WorklogNotes, 'noted'>;
  activity: Pick<ActivityLog, 'record'>;
  mail: AuthorMailer;
  logger: { warn(o: object, msg: string): void };
}

/** The caller as the public routes know it: the journal, its public origin, the client's address. */
export interface PublicCaller {
  journalId: string;
  origin: string;
  ip: string;
  requestId?: string;
}

/** Where an author's act came from, for the activity log. */
export interface AuthorRequest {
  ip: string;
  requestId: string;
}
const NOWHERE: AuthorRequest = { ip: '', requestId: '' };
type AuthorKind = 'submission.submit' | 'submission.withdraw' | 'submission.revise' | 'submission.receipt';

const HOUR = 3600;
const notFound = () => new AppError(404, 'not_found', 'Not found');
const notAllowed = () => new AppError(409, 'not_allowed', M.notAllowed);
const fileError = (message: string) => new AppError(400, 'invalid_file', message);

function authorsOf(f: SubmissionForm): ArticleAuthor[] {
  const corresponding: ArticleAuthor = {
    given: f.given,
    family: f.family,
    affiliations: f.affiliation ? [{ name: f.affiliation, ror: f.ror }] : [],
    orcid: f.orcid,
    corresponding: true,
    email: f.email,
  };
  const co = f.coauthors.map((c): ArticleAuthor => ({
    given: c.given,
    family: c.family,
    affiliations: c.affiliation ? [{ name: c.affiliation, ror: c.ror }] : [],
    orcid: c.orcid,
    corresponding: false,
    email: c.email,
  }));
  return [corresponding, ...co];
}

/** The checked bytes of an uploaded file, or a 400 saying what is wrong. */
export function checkedFile<K extends string>(file: UploadedFile | undefined, kindOf: (b: Buffer) => K | null, missing: string, wrong: string): { file: UploadedFile; kind: K } {
  if (!file || file.size === 0) throw fileError(missing);
  if (!isSafeClientFileName(file.originalname)) throw fileError('The file name is not acceptable');
  const kind = kindOf(file.buffer);
  if (!kind) throw fileError(wrong);
  return { file, kind };
}

/**
 * docs/product.md#submissions: what authors do, without an account: submit, then follow and act
 * on their submission through its private status link.
 */
export class SubmissionService {
  constructor(private readonly p: SubmissionParts) {}

  /**
   * A new submission; a repeat of a form already sent (the same form key and details) answers
   * that submission again, with a new status link and no second acknowledgement.
   */
  async create(c: PublicCaller, body: unknown, upload: UploadedFile | undefined): Promise<SubmissionCreated> {
    await this.p.limits.hit(c.journalId, `ip:${c.ip}`, this.p.config.SUBMIT_PER_ADDRESS_PER_HOUR, HOUR, M.tooMany);
    const f = parse(submissionFormSchema, body ?? {});
    // The hidden field only robots fill in.
    if (f.website.trim() !== '') throw new AppError(400, 'rejected', 'The submission could not be accepted');
    if (!f.formKey) return this.store(c, f, upload);
    const claim = await this.p.formKeys.claim(c.journalId, f.formKey, [f.email.toLowerCase(), f.title, upload?.size ?? 0].join('\n'));
    if (claim.kind === 'repeat') {
      const s = await this.p.repo.findById(c.journalId, claim.submissionId);
      if (!s) throw notFound();
      return { number: s.number, token: await this.p.mail.issueToken(c.journalId, s.id), status: s.status };
    }
    let created: SubmissionCreated & { id: string };
    try {
      created = await this.store(c, f, upload);
    } catch (err) {
      await claim.release();
      throw err;
    }
    // Stored: a lost note only lets a repeat after the claim's lifetime make a second submission.
    await claim.done(created.id).catch((err: unknown) => this.p.logger.warn({ err, journalId: c.journalId }, 'submission form key not recorded'));
    return { number: created.number, token: created.token, status: created.status };
  }

  private async store(c: PublicCaller, f: SubmissionForm, upload: UploadedFile | undefined): Promise<SubmissionCreated & { id: string }> {
    const cfg = this.p.config;
    await this.p.limits.hit(c.journalId, `email:${f.email.toLowerCase()}`, cfg.SUBMIT_PER_EMAIL_PER_DAY, 24 * HOUR, M.tooMany);
    const { file, kind } = checkedFile(upload, manuscriptKind, 'Please attach the manuscript', M.manuscriptKind);
    const title = sanitizeTitle(f.title);
    if (!toPlainText(title).trim()) throw new AppError(400, 'validation_error', 'title: Title is required', [{ path: 'title', message: 'Title is required' }]);
    const abstract = sanitizeRichText(f.abstract);
    const journal = await this.p.journals.findById(c.journalId);
    if (!journal) throw notFound();

    const id = new mongo.ObjectId().toHexString();
    const fileId = await this.p.files.put(c.journalId, id, `manuscript-v1.${EXTENSION[kind]}`, file.buffer, MIME[kind]);
    const now = new Date();
    const year = now.getUTCFullYear();
    const seq = await this.p.repo.nextSeq(c.journalId, year);
    const number = formatSubmissionNumber(submissionPrefix(journal.slug), year, seq);
    const history: HistoryEntry = { at: now, from: '', to: 'received', by: { kind: 'author', name: `${f.given} ${f.family}`.trim(), role: 'author' }, message: '', authorVisible: true };
    const s = await this.p.repo.create(c.journalId, id, number, year, seq, {
      status: 'received',
      given: f.given,
      family: f.family,
      email: f.email,
      mobile: f.mobile,
      country: f.country,
      authors: authorsOf(f),
      title,
      abstract,
      keywords: f.keywords,
      subject: f.subject,
      declaration: true,
      manuscripts: [{ fileId, version: 1, kind, size: file.size, at: now }],
      receipt: null,
      ptype: '',
      txnid: '',
      history: [history],
      article: null,
    });
    const token = await this.p.mail.issueToken(c.journalId, s.id);
    await this.p.mail.send({ journalId: c.journalId, origin: c.origin, submission: s, event: 'submission_received', token });
    this.p.worklog.noted(c.journalId, s);
    await this.logAuthor(c.journalId, { ip: c.ip, requestId: c.requestId ?? '' }, 'submission.submit', s, [{ field: 'status', before: '', after: 'received' }]);
    return { id: s.id, number: s.number, token, status: s.status };
  }

  /** The submission a status link opens; 404 for a malformed, unknown, expired or other journal's token alike. */
  async open(journalId: string, token: unknown): Promise<Submission> {
    if (!isTokenShaped(token)) throw notFound();
    const s = await this.p.repo.byTokenHash(journalId, tokenHash(token));
    if (!s) throw notFound();
    return s;
  }

  async status(journalId: string, token: unknown): Promise<SubmissionStatus> {
    const s = await this.open(journalId, token);
    const journal = await this.p.journals.findById(journalId);
    const showFee = awaitsPayment(s.status) && !!journal;
    return {
      number: s.number,
      status: s.status,
      statusLabel: submissionStateLabels[s.status],
      may: { withdraw: authorMayWithdraw(s.status), revise: moveTarget('revise', 'author', s.status) !== null, receipt: awaitsPayment(s.status) },
      title: s.title,
      submittedAt: s.createdAt.toISOString(),
      correspondingName: `${s.given} ${s.family}`.trim(),
      history: s.history.filter((h) => h.authorVisible).map((h) => ({ at: new Date(h.at).toISOString(), from: h.from, to: h.to, label: submissionStateLabels[h.to], message: h.message })),
      manuscripts: s.manuscripts.map((m) => ({ version: m.version, kind: m.kind, size: m.size, at: new Date(m.at).toISOString() })),
      fee: showFee ? { india: journal.fee_rupee, foreign: journal.fee_dollar } : null,
      receipt: s.receipt ? { txnid: s.receipt.txnid, at: new Date(s.receipt.at).toISOString() } : null,
      ptype: s.ptype,
      articlePath: s.article?.path ?? '',
    };
  }

  private authorEntry(s: Submission, to: HistoryEntry['to'], message: string): HistoryEntry {
    return { at: new Date(), from: s.status, to, by: { kind: 'author', name: `${s.given} ${s.family}`.trim(), role: 'author' }, message, authorVisible: true };
  }

  /**
   * docs/product.md#activity-log: an author's act, beside the staff's, in the journal's activity
   * log (role `author`, the name given on the form, the address it came from).
   */
  private async logAuthor(journalId: string, from: AuthorRequest, kind: AuthorKind, s: Submission, changes: { field: string; before: string; after: string }[]) {
    const actor = { id: '', name: `${s.given} ${s.family}`.trim() || s.email, role: 'author' as const, ip: from.ip, requestId: from.requestId };
    await this.p.activity.record(journalId, actor, { kind, record: { type: 'submission', id: s.id, label: s.number }, changes });
  }

  async withdraw(journalId: string, origin: string, token: string, body: unknown, from: AuthorRequest = NOWHERE): Promise<SubmissionStatus> {
    const s = await this.open(journalId, token);
    const { message } = parse(submissionWithdrawSchema, body ?? {});
    const to = moveTarget('withdraw', 'author', s.status);
    if (!to) throw notAllowed();
    const moved = await this.p.repo.move(journalId, s.id, [s.status], { status: to }, this.authorEntry(s, to, message));
    if (!moved) throw notAllowed();
    this.p.worklog.noted(journalId, moved);
    await this.logAuthor(journalId, from, 'submission.withdraw', moved, [{ field: 'status', before: s.status, after: to }, ...(message ? [{ field: 'message', before: '', after: message }] : [])]);
    await this.p.mail.send({ journalId, origin, submission: moved, event: 'withdrawn', token, vars: { message } });
    return this.status(journalId, token);
  }

  async revise(journalId: string, token: unknown, body: unknown, upload: UploadedFile | undefined, from: AuthorRequest = NOWHERE): Promise<SubmissionStatus> {
    const s = await this.open(journalId, token);
    const { message } = parse(submissionRevisionSchema, body ?? {});
    const to = moveTarget('revise', 'author', s.status);
    if (!to) throw notAllowed();
    const { file, kind } = checkedFile(upload, manuscriptKind, 'Please attach the revised manuscript', M.manuscriptKind);
    const version = s.manuscripts.length + 1;
    const fileId = await this.p.files.put(journalId, s.id, `manuscript-v${version}.${EXTENSION[kind]}`, file.buffer, MIME[kind]);
    const manuscript = { fileId, version, kind, size: file.size, at: new Date() };
    const moved = await this.movedWithFile(journalId, s.id, fileId, () =>
      this.p.repo.move(journalId, s.id, [s.status], { status: to }, this.authorEntry(s, to, message || `Revised manuscript (version ${version})`), { manuscript }),
    );
    this.p.worklog.noted(journalId, moved);
    await this.logAuthor(journalId, from, 'submission.revise', moved, [{ field: 'status', before: s.status, after: to }, { field: 'manuscript', before: '', after: `version ${version} (${file.size} bytes)` }]);
    return this.status(journalId, token);
  }

  /**
   * The move that records a file the author just sent (a revision, a receipt). The file is stored
   * first, so when another act moved the submission meanwhile (the same form sent twice at once:
   * docs/architecture.md#exactly-once-changes), or the move failed, it is removed unless the stored
   * submission names it: no record points at a loser's file.
   */
  private async movedWithFile(journalId: string, submissionId: string, fileId: string, move: () => Promise<Submission | null>): Promise<Submission> {
    let moved: Submission | null = null;
    try {
      moved = await move();
    } finally {
      if (!moved) await this.dropUnreferenced(journalId, submissionId, fileId);
    }
    if (!moved) throw notAllowed();
    return moved;
  }

  private async dropUnreferenced(journalId: string, submissionId: string, fileId: string): Promise<void> {
    try {
      const s = await this.p.repo.findById(journalId, submissionId);
      if (s && (s.manuscripts.some((m) => m.fileId === fileId) || s.receipt?.fileId === fileId)) return;
      await this.p.files.remove(journalId, submissionId, fileId);
    } catch (err) {
      // Left as an unreferenced file (no route reaches it without a record naming it).
      this.p.logger.warn({ err, journalId, submissionId, fileId }, 'file of a refused move not removed');
    }
  }

  async receipt(journalId: string, token: unknown, body: unknown, upload: UploadedFile | undefined, from: AuthorRequest = NOWHERE): Promise<SubmissionStatus> {
    const s = await this.open(journalId, token);
    const { txnid } = parse(submissionReceiptSchema, body ?? {});
    const to = moveTarget('receipt', 'author', s.status);
    if (!to) throw notAllowed();
    const { file, kind } = checkedFile(upload, receiptKind, 'Please attach the payment receipt', M.receiptKind);
    const at = new Date();
    const fileId = await this.p.files.put(journalId, s.id, `receipt-${at.getTime()}.${EXTENSION[kind]}`, file.buffer, MIME[kind]);
    const receipt = { fileId, kind, size: file.size, txnid, at };
    const moved = await this.movedWithFile(journalId, s.id, fileId, () =>
      this.p.repo.move(journalId, s.id, [s.status], { status: to, receipt }, this.authorEntry(s, to, `Payment receipt sent (transaction ${txnid})`)),
    );
    this.p.worklog.noted(journalId, moved);
    await this.logAuthor(journalId, from, 'submission.receipt', moved, [{ field: 'status', before: s.status, after: to }, { field: 'txnid', before: '', after: txnid }]);
    return this.status(journalId, token);
  }

  /**
   * A new status link by e-mail, to the submitting address only. The answer is the same whether or
   * not the number and address match, so it tells nobody which submissions exist.
   */
  async resend(c: PublicCaller, body: unknown): Promise<{ message: string }> {
    await this.p.limits.hit(c.journalId, `resend-ip:${c.ip}`, this.p.config.RESEND_PER_HOUR, HOUR, M.tooManyResends);
    const { number, email } = parse(submissionResendSchema, body ?? {});
    await this.p.limits.hit(c.journalId, `resend:${number}`, this.p.config.RESEND_PER_HOUR, HOUR, M.tooManyResends);
    const s = await this.p.repo.findByNumber(c.journalId, number);
    if (s && s.email.toLowerCase() === email.toLowerCase()) {
      await this.p.repo.dropExpiredTokens(c.journalId, s.id);
      const token = await this.p.mail.issueToken(c.journalId, s.id);
      await this.p.mail.send({ journalId: c.journalId, origin: c.origin, submission: s, event: 'status_link_resent', token, occurrence: tokenHash(token).slice(0, 16) });
    }
    return { message: M.resent };
  }
}

import { XMLParser } from 'fast-xml-parser';

/**
 * Crossref's HTTPS deposit protocol: `POST /servlet/deposit` (multipart: operation=doMDUpload,
 * login_id, login_passwd, fname = the file), then the submission log by file name
 * (`GET /servlet/submissionDownload?usr=&pwd=&file_name=&type=result`), a `doi_batch_diagnostic`
 * document. The credentials travel in the request only: no error, message or log line built
 * here carries them or the log URL.
 */

export interface CrossrefCredentials {
  loginId: string;
  password: string;
}

/** Crossref refused the request (wrong credentials, a rejected file): retrying will not help. */
export class CrossrefRefused extends Error {}
/** Crossref could not be reached or answered with something unexpected: retry later. */
export class CrossrefUnavailable extends Error {}

export interface RecordResult {
  doi: string;
  status: 'success' | 'warning' | 'failure';
  message: string;
}

export type LogResult = { done: false; status: string } | { done: true; records: RecordResult[] };

const MAX_MESSAGE = 500;
/** Text of an HTML or XML answer, tags dropped, for a message staff can read. */
const textOf = (body: string) =>
  body
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // Crossref's pages repeat their verdict in the title and the heading; the words after it matter.
    .replace(/^((FAILURE|SUCCESS)\s+)+/, '')
    .slice(0, MAX_MESSAGE);

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => n === 'record_diagnostic', parseTagValue: false });

export class CrossrefClient {
  constructor(private readonly opts: { depositUrl: string; timeoutMs: number }) {}

  private async call(url: string, init: RequestInit): Promise<{ status: number; body: string }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs), redirect: 'manual' });
    } catch (e) {
      const reason = e instanceof Error && e.name === 'TimeoutError' ? 'timed out' : 'could not connect';
      throw new CrossrefUnavailable(`Crossref could not be reached (${reason})`);
    }
    const body = await res.text().catch(() => '');
    if (res.status === 401 || res.status === 403) {
      throw new CrossrefRefused(`Crossref refused the login: ${textOf(body) || `HTTP ${res.status}`}`);
    }
    if (res.status >= 300) throw new CrossrefUnavailable(`Crossref answered HTTP ${res.status}`);
    return { status: res.status, body };
  }

  /** Uploads a deposit file; resolves once Crossref has accepted it into its queue. */
  async deposit(c: CrossrefCredentials, fileName: string, xml: string): Promise<void> {
    const form = new FormData();
    form.set('operation', 'doMDUpload');
    form.set('login_id', c.loginId);
    form.set('login_passwd', c.password);
    form.set('fname', new Blob([xml], { type: 'application/xml' }), fileName);
    const { body } = await this.call(this.opts.depositUrl, { method: 'POST', body: form });
    if (/FAILURE/.test(body)) throw new CrossrefRefused(`Crossref refused the deposit: ${textOf(body)}`);
    if (!/SUCCESS/.test(body)) throw new CrossrefUnavailable(`Crossref's answer to the upload was not understood: ${textOf(body).slice(0, 200) || '(empty)'}`);
  }

  /** Reads the submission log of a deposited file. */
  async result(c: CrossrefCredentials, fileName: string): Promise<LogResult> {
    const url = new URL('/servlet/submissionDownload', this.opts.depositUrl);
    url.search = new URLSearchParams({ usr: c.loginId, pwd: c.password, file_name: fileName, type: 'result' }).toString();
    const { body } = await this.call(url.toString(), { method: 'GET' });
    if (/^\s*<(!doctype\s+html|html)/i.test(body) && /FAILURE/.test(body)) {
      throw new CrossrefRefused(`Crossref refused the login: ${textOf(body)}`);
    }
    let doc: { doi_batch_diagnostic?: Record<string, unknown> };
    try {
      doc = parser.parse(body, true) as typeof doc;
    } catch {
      throw new CrossrefUnavailable(`Crossref's submission log is not XML: ${textOf(body).slice(0, 200) || '(empty)'}`);
    }
    const diag = doc.doi_batch_diagnostic;
    if (!diag || typeof diag !== 'object') throw new CrossrefUnavailable(`Crossref's submission log is not a doi_batch_diagnostic: ${textOf(body).slice(0, 200)}`);
    const status = String(diag['@status'] ?? '');
    if (status !== 'completed') return { done: false, status: status || 'unknown' };
    const records = ((diag.record_diagnostic as Record<string, unknown>[] | undefined) ?? []).map((r) => {
      const s = String(r['@status'] ?? '').toLowerCase();
      return {
        doi: String(r.doi ?? '').trim(),
        status: s === 'success' ? 'success' : s === 'warning' ? 'warning' : 'failure',
        message: String(r.msg ?? '').trim().slice(0, MAX_MESSAGE),
      } satisfies RecordResult;
    });
    return { done: true, records };
  }
}

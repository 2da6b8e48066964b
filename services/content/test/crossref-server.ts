import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Crossref's HTTPS deposit protocol, the only stand-in for Crossref in
 * the tests (the real endpoint cannot be reached from CI): `POST /servlet/deposit` (multipart,
 * operation=doMDUpload, login_id, login_passwd, fname) answered with Crossref's SUCCESS/FAILURE
 * pages, and `GET /servlet/submissionDownload?usr&pwd&file_name&type=result` answered with
 * doi_batch_diagnostic submission logs as Crossref writes them: queued while "processing", then
 * completed with a record per DOI (Success, Warning, Failure).
 */

export type RecordOutcome = 'success' | 'warning' | 'failure';

export interface Upload {
  loginId: string;
  fileName: string;
  xml: string;
  dois: string[];
}

export interface CrossrefServerOptions {
  /** Accepted logins: login id → password. */
  users: Record<string, string>;
  /** Reads of the log answered "queued"/"in_process" before the result (default 1). */
  pendingReads?: number;
}

const page = (title: string, body: string) =>
  `<html>\n<head><title>${title}</title>\n</head>\n<body>\n<h2>${title}</h2>\n<p>${body}</p>\n</body>\n</html>\n`;

/** The messages Crossref writes in a submission log. */
const MESSAGES: Record<RecordOutcome, string> = {
  success: 'Successfully added',
  warning: 'Added with conflict',
  failure: 'Record not processed because submitted version: 19700101000000000 is less or equal to previously submitted version {1}',
};

function logXml(upload: Upload, batchId: string, outcome: (doi: string) => RecordOutcome, status: string, submissionId: number): string {
  if (status !== 'completed') {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<doi_batch_diagnostic status="${status}" sp="a-cs1">\n   <submission_id>${submissionId}</submission_id>\n   <batch_id>${batchId}</batch_id>\n</doi_batch_diagnostic>\n`;
  }
  const outcomes = upload.dois.map((d) => [d, outcome(d)] as const);
  const count = (o: RecordOutcome) => outcomes.filter(([, x]) => x === o).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<doi_batch_diagnostic status="completed" sp="a-cs1">',
    `   <submission_id>${submissionId}</submission_id>`,
    `   <batch_id>${batchId}</batch_id>`,
    ...outcomes.map(([doi, o]) =>
      [
        `   <record_diagnostic status="${o === 'success' ? 'Success' : o === 'warning' ? 'Warning' : 'Failure'}">`,
        `      <doi>${doi}</doi>`,
        `      <msg>${MESSAGES[o]}</msg>`,
        o === 'warning' ? `      <conflict_id>${submissionId + 7}</conflict_id>\n      <dois_in_conflict><doi>${doi}.dup</doi></dois_in_conflict>` : '',
        '   </record_diagnostic>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    '   <batch_data>',
    `      <record_count>${outcomes.length}</record_count>`,
    `      <success_count>${count('success')}</success_count>`,
    `      <warning_count>${count('warning')}</warning_count>`,
    `      <failure_count>${count('failure')}</failure_count>`,
    '   </batch_data>',
    '</doi_batch_diagnostic>',
    '',
  ].join('\n');
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startCrossrefServer(opts: CrossrefServerOptions) {
  const uploads: Upload[] = [];
  const reads = new Map<string, number>();
  let submissionId = 1_432_917_000;
  const state = {
    /** 'refuse': connections are dropped; 'http': 503 pages; null: up. */
    down: null as null | 'refuse' | 'http',
    /** The log answers this text instead of XML (a proxy's error page, say). */
    logNotXml: false,
    /** What Crossref decides for each DOI (default: success). */
    outcome: ((_doi: string) => 'success') as (doi: string) => RecordOutcome,
    pendingReads: opts.pendingReads ?? 1,
    /** Every request's URL and body as received, to check what travelled. */
    seen: [] as string[],
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (state.down === 'refuse') {
      req.socket.destroy();
      return;
    }
    const raw = await body(req);
    state.seen.push(`${req.method} ${req.url}`);
    if (state.down === 'http') {
      res.writeHead(503, { 'content-type': 'text/html' }).end(page('Service Unavailable', 'The server is temporarily unable to service your request.'));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://crossref.local');
    if (req.method === 'POST' && url.pathname === '/servlet/deposit') {
      const form = await new Request('http://crossref.local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
      const login = String(form.get('login_id') ?? '');
      const file = form.get('fname');
      if (form.get('operation') !== 'doMDUpload' || !(file instanceof File)) {
        res.writeHead(400, { 'content-type': 'text/html' }).end(page('FAILURE', 'Missing operation or file'));
        return;
      }
      if (!login || opts.users[login] !== form.get('login_passwd')) {
        res.writeHead(401, { 'content-type': 'text/html' }).end(page('FAILURE', 'Login failed: the username and password do not match a Crossref account'));
        return;
      }
      const xml = await file.text();
      uploads.push({ loginId: login, fileName: file.name, xml, dois: [...xml.matchAll(/<doi>([^<]+)<\/doi>/g)].map((m) => m[1]!) });
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('SUCCESS', 'Your batch submission was successfully received.'));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/servlet/submissionDownload') {
      const usr = url.searchParams.get('usr') ?? '';
      if (!usr || opts.users[usr] !== url.searchParams.get('pwd')) {
        res.writeHead(401, { 'content-type': 'text/html' }).end(page('FAILURE', 'Login failed: the username and password do not match a Crossref account'));
        return;
      }
      if (state.logNotXml) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Service temporarily overloaded, please try later');
        return;
      }
      const name = url.searchParams.get('file_name') ?? '';
      const upload = uploads.find((u) => u.fileName === name && u.loginId === usr);
      const n = (reads.get(name) ?? 0) + 1;
      reads.set(name, n);
      const batchId = name.replace(/\.xml$/, '');
      const status = !upload ? 'unknown_submission' : n <= state.pendingReads ? (n === 1 ? 'queued' : 'in_process') : 'completed';
      res.writeHead(200, { 'content-type': 'text/xml' }).end(logXml(upload ?? { loginId: usr, fileName: name, xml: '', dois: [] }, batchId, state.outcome, status, ++submissionId));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not Found', req.url ?? ''));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    depositUrl: `${url}/servlet/deposit`,
    uploads,
    reads,
    state,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type CrossrefServer = Awaited<ReturnType<typeof startCrossrefServer>>;

/**
 * The public reader's traffic, as the reliability load test and the load bench both drive it:
 * which URLs a reader asks for, many readers asking at once, and the admin adding articles meanwhile.
 */
import { Pool } from 'undici';
import { modelledPause } from '@journal/testing';
import { articleFields, assetPath, createIssue, pdfBytes, postArticle, type publicCatalogue } from './rel-helpers';

type Catalogue = Awaited<ReturnType<typeof publicCatalogue>>;
export type Target = [name: string, url: () => string];

const WORDS = ['soil', 'water', 'plant', 'analysis', 'study', 'method', 'zzznothing'];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** The mix: the app shell, the public API a page load makes, server-rendered article pages, search, PDFs. */
export function readerTargets({ issues, articles }: Catalogue): Target[] {
  const withFile = articles.filter((a) => a.file);
  return [
    ['home', () => '/'],
    ['settings', () => '/api/settings/'],
    ['archives', () => '/api/archives/'],
    ['issue', () => pick(issues).path],
    ['article', () => `/api/archives/ref/${pick(articles).refnumber}`],
    ['article page', () => {
      const a = pick(articles);
      return `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
    }],
    ['search', () => `/api/search?keyword=${pick(WORDS)}`],
    // PDFs by the URL the API links (versioned: nginx serves them from its disk cache).
    ['pdf', () => {
      const a = pick(withFile);
      return a.pdf_url || assetPath(a);
    }],
  ];
}

/** A reader's answer as the load figures need it: the body is counted, not kept. */
export interface ReaderAnswer {
  status: number;
  ms: number;
  bytes: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's first bytes, for an error's message (read only when the status is not 200 or 304). */
  text?: string;
}

/**
 * The readers' HTTP client: undici's pool of kept-alive connections, with the body counted and
 * dropped. The 200 readers share one process, so its cost per request (node's http client with the
 * body kept and decoded cost two to three times as much) is late work on its event loop that lands
 * in every latency it measures.
 */
export class ReaderClient {
  private readonly pool: Pool;
  private readonly host: string;

  constructor(base: string, connections: number) {
    const u = new URL(base);
    this.host = u.host;
    this.pool = new Pool(`http://127.0.0.1:${u.port || 80}`, { connections, headersTimeout: 60_000, bodyTimeout: 60_000 });
  }

  async get(path: string): Promise<ReaderAnswer> {
    const t0 = performance.now();
    const r = await this.pool.request({ path, method: 'GET', headers: { host: this.host } });
    const keep = r.statusCode !== 200 && r.statusCode !== 304;
    let bytes = 0;
    let text: string | undefined;
    if (keep) {
      text = await r.body.text();
      bytes = Buffer.byteLength(text);
    } else {
      for await (const c of r.body) bytes += (c as Buffer).length;
    }
    return { status: r.statusCode, ms: performance.now() - t0, bytes, headers: r.headers, text };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * `count` readers, each going round the targets until `end` (ms since the epoch). Latencies of the
 * good answers (200, 304) by target name, the rest as errors; `seen` sees every answer.
 */
export async function runReaders(base: string, targets: Target[], count: number, end: number, seen?: (name: string, r: ReaderAnswer, begun: number) => void) {
  const client = new ReaderClient(base, count);
  const lat: Record<string, number[]> = Object.fromEntries(targets.map(([n]) => [n, []]));
  const errors: string[] = [];
  const reader = async (i: number) => {
    for (let k = i; Date.now() < end; k++) {
      const [name, make] = targets[k % targets.length]!;
      const url = make();
      try {
        const begun = Date.now();
        const r = await client.get(url);
        if (r.status !== 200 && r.status !== 304) errors.push(`${r.status} ${url} ${(r.text ?? '').slice(0, 80)}`);
        else lat[name]!.push(r.ms);
        seen?.(name, r, begun);
      } catch (err) {
        errors.push(`${url}: ${(err as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: count }, (_, i) => reader(i)));
  } finally {
    await client.close();
  }
  return { lat, errors };
}

/** The admin adding an article (with a 200 kB PDF) a second to a new issue until 2 s before `end`; the answers' statuses. */
export async function adminAdding(base: string, token: string, end: number) {
  const issue = await createIssue(base, token);
  const statuses: number[] = [];
  const done = (async () => {
    for (let n = 1; Date.now() < end - 2000; n++) {
      const r = await postArticle(base, token, articleFields(issue, 900 + n), { name: `load-${n}.pdf`, data: pdfBytes(200_000) });
      statuses.push(r.status);
      await modelledPause(1000, 'the admin adds one article a second');
    }
  })();
  return { issue, statuses, done };
}

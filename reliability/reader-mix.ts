/**
 * The public reader's traffic, as the reliability load test and the load bench both drive it:
 * which URLs a reader asks for, many readers asking at once, and the admin adding articles meanwhile.
 */
import http from 'node:http';
import { call, type Answer } from './rel-stack';
import { articleFields, assetPath, createIssue, pdfBytes, postArticle, sleep, type publicCatalogue } from './rel-helpers';

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

/**
 * `count` readers, each going round the targets until `end` (ms since the epoch). Latencies of the
 * good answers (200, 304) by target name, the rest as errors; `seen` sees every answer.
 */
export async function runReaders(base: string, targets: Target[], count: number, end: number, seen?: (name: string, r: Answer, begun: number) => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const lat: Record<string, number[]> = Object.fromEntries(targets.map(([n]) => [n, []]));
  const errors: string[] = [];
  const reader = async (i: number) => {
    for (let k = i; Date.now() < end; k++) {
      const [name, make] = targets[k % targets.length]!;
      const url = make();
      try {
        const begun = Date.now();
        const r = await call(`${base}${url}`, { agent, timeoutMs: 60_000 });
        if (r.status !== 200 && r.status !== 304) errors.push(`${r.status} ${url} ${r.body.slice(0, 80)}`);
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
    agent.destroy();
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
      await sleep(1000);
    }
  })();
  return { issue, statuses, done };
}

/**
 * The citation files (BibTeX, RIS, CSL-JSON) written by the project's own writers
 * (services/content/src/cite/cite-formats.ts) against citation-js, the library that could replace
 * them: byte-for-byte agreement over the publisher seed's articles (citation-js given our CSL-JSON,
 * the form it reads), the marginal import time in a process that has already loaded what the
 * content service has at that point (the contracts, its text helpers), and what its production
 * dependencies would add to the content image.
 *
 *   npx tsx bench/citation-writers.ts     # needs a build (services/content/dist); CITE_ARTICLES
 *
 * Writes bench/citation-writers.md, which `npm run bench` puts into docs/benchmarks.md. Figures
 * only: nothing here passes or fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { toBibtex, toCslJson, toRis, type CitableArticle, type CiteContext } from '../services/content/src/cite/cite-formats';
import { publisherArticle } from '../services/content/src/seed/publisher';

const ROOT = path.join(__dirname, '..');
const ARTICLES = Number(process.env.CITE_ARTICLES ?? 200);
const RUNS = 5;
const CITATION_JS = ['@citation-js/core', '@citation-js/plugin-bibtex', '@citation-js/plugin-ris', '@citation-js/plugin-csl'];

const citable = (n: number): CitableArticle => {
  const a = publisherArticle(n % 4, n);
  const { authorname = '', abstract = '', keywords = '', pagenumber = '', publishdate = '', doi = '' } = a;
  return { ...a, authorname, abstract, keywords, pagenumber, publishdate, doi };
};
const ctx = (a: CitableArticle): CiteContext => ({
  journalName: 'International Journal of Applied Research and Studies',
  issn: '2456-1001',
  language: 'en',
  pageUrl: `https://journal.example/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`,
  pdfUrl: `https://journal.example/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/${a.refnumber}.pdf`,
});

/** Where node finds package `name` from folder `from` (its own node_modules first, then each parent's). */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed (from ${from})`);
  }
}

/** The packages a set of packages pulls in at run time (dependencies, transitively), by folder. */
function closure(names: string[], from = ROOT, seen = new Map<string, string>()): Map<string, string> {
  for (const name of names) {
    if (seen.has(name)) continue;
    const dir = packageDir(name, from);
    seen.set(name, dir);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    closure(Object.keys(pkg.dependencies ?? {}), dir, seen);
  }
  return seen;
}
const bytesOf = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((s, e) => s + bytesOf(path.join(p, e)), 0) : statSync(p).size);

/**
 * Milliseconds to require `modules` in a fresh node that has already loaded what the content service
 * has by then (the contracts, its text helpers); the median of RUNS.
 */
function importMs(modules: string[]): number {
  const preload = ['@journal/contracts', path.join(ROOT, 'services/content/dist/shared/text.js')];
  const script = `for(const m of ${JSON.stringify(preload)})require(m);const t=process.hrtime.bigint();for(const m of ${JSON.stringify(modules)})require(m);console.log(Number(process.hrtime.bigint()-t)/1e6)`;
  const runs = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })));
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

function main() {
  const same = { bib: 0, ris: 0 };
  const articles = Array.from({ length: ARTICLES }, (_, n) => citable(n));
  for (const a of articles) {
    const c = ctx(a);
    const lib = new Cite(toCslJson(a, c));
    if (lib.format('bibtex') === toBibtex(a, c)) same.bib++;
    if (lib.format('ris') === toRis(a, c)) same.ris++;
  }
  const contentDeps = Object.keys((JSON.parse(readFileSync(path.join(ROOT, 'services/content/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
  // The content image's packages: its own dependencies and the shared packages' (contracts, server kit).
  const shared = ['packages/contracts', 'packages/server-kit'].flatMap((d) => Object.keys((JSON.parse(readFileSync(path.join(ROOT, d, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {}));
  const have = closure([...contentDeps, ...shared].filter((n) => !n.startsWith('@journal/')), path.join(ROOT, 'services/content'));
  const added = [...closure(CITATION_JS)].filter(([name]) => !have.has(name));
  const addedMb = added.reduce((s, [, dir]) => s + bytesOf(dir), 0) / 1024 / 1024;
  const ownMs = importMs([path.join(ROOT, 'services/content/dist/cite/cite-formats.js')]);
  const libMs = importMs(CITATION_JS);
  const text = [
    '### Citation files: the project\'s writers against citation-js',
    '',
    `\`bench/citation-writers.ts\`, ${new Date().toISOString()}: ${ARTICLES} articles of the publisher seed, citation-js ${(JSON.parse(readFileSync(path.join(packageDir('@citation-js/core', ROOT), 'package.json'), 'utf8')) as { version: string }).version} given the CSL-JSON the project writes. Import: a fresh node that has loaded what the content service has by then (the contracts, its text helpers), median of ${RUNS}. Size: citation-js's run-time dependencies that the content service does not have yet (${added.length} packages). The writers stay the project's own (a line beside each in services/content/src/cite/cite-formats.ts says so): citation-js's BibTeX has no abstract, keywords or case protection of the title, its RIS is LF-separated with abstracts cut into 70-character lines, and it would add the size and import time below.`,
    '',
    '| | BibTeX byte-equal | RIS byte-equal | import | added to the content image |',
    '|---|---|---|---|---|',
    `| project's writers | ${ARTICLES} of ${ARTICLES} | ${ARTICLES} of ${ARTICLES} | ${ownMs.toFixed(1)} ms | 0 |`,
    `| citation-js | ${same.bib} of ${ARTICLES} | ${same.ris} of ${ARTICLES} | ${libMs.toFixed(1)} ms | ${addedMb.toFixed(1)} MB |`,
    '',
  ].join('\n');
  writeFileSync(path.join(__dirname, 'citation-writers.md'), text);
  console.log(text);
}

main();

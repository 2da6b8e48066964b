/**
 * The golden comparison of the persisted public views: the demo journals seeded by today's code
 * and given the same admin writes (e2e/golden/golden-writes.ts) must answer every public API read
 * and page exactly as the platform did before views existed, when a read model rebuilt at start
 * served them (the fixture, recorded from that commit by e2e/golden/record-golden.ts): with the
 * views the writes patched, with the views the operator's `jp views rebuild` built from scratch,
 * and with none stored. A difference is either a change made on purpose since (listed below with
 * its reason, today's answer brought back to the recorded form) or a bug.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { goldenPorts, RECORDED_NGINX_PORT } from './golden/golden-ports';
import { goldenWrites, type GoldenWrite } from './golden/golden-writes';
import { Normaliser, sha256, walkPublic, type Answer, type GoldenFixture } from './golden/public-walk';
import { VIEW_COLLECTION, VIEW_STATE_COLLECTION } from '../services/content/src/views/view.repo';

jest.setTimeout(900_000);

const ROOT = path.resolve(__dirname, '..');
const FIXTURE = path.join(__dirname, 'fixtures/golden-public.json.gz');
const fixture = JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString('utf8')) as GoldenFixture;

/**
 * Changes made on purpose after the recorded commit: today's answer is brought back to the
 * recorded form before it is compared, so everything else in it still is.
 */
/** The day the fixture was recorded: the withdrawal notices of its admin writes carry it. */
const RECORDED_ON = '26 November 2026';
/** When today's run began: its admin writes are dated between then and now. */
let runSince = Date.now();
/** A day as the withdrawal notice writes it (web/src/features/public/components/withdrawal-notice.tsx). */
const noticeDay = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A page as served today: its start, its title, then the head every page shares (preloads and CSS). */
const PAGE_HEAD = /^(<!DOCTYPE html><html[^>]*><head>(?:<meta [^>]*\/>)*)(<title>[^<]*<\/title>)?(<link rel="modulepreload" fetchPriority="low"[^>]*\/><style>[\s\S]*?<\/style>(?:<link rel="modulepreload" href="[^"]*"\/>)*)/;
/** The last of the feed links every page's head has (React put the page's title after it). */
const FEEDS_END = 'title="RSS feed"/>';
/** The page's chunk preloads and its hydration data, which the shared head came before. */
const HYDRATION_START = /(?:<link rel="modulepreload" href="[^"]*"\/>)*<script type="application\/json" id="jp-hydration">/;

/** Today's answers being compared (an exception may read another answer to undo a change). */
let todays = new Map<string, Answer>();
const pdfVersioned = (body: string, end: string) => body.replace(new RegExp(`(/assets/archives/[^"<>\\s?]*?\\.pdf)(${end})`, 'g'), '$1?v=<v>$2');
/** The subject field of an article, from today's answer for it. */
const subjectOf = (slug: string, ref: string) => {
  const a = todays.get(`${slug} GET /api/archives/ref/${ref}`);
  try {
    return a ? String((JSON.parse(a.body) as { subject?: string }).subject ?? '') : '';
  } catch {
    return '';
  }
};

/** The stylesheet every page inlines, as recorded (any recorded page with a body has it). */
const STYLE = /<style>[\s\S]*?<\/style>/;
const recordedStyle = (() => {
  for (const a of Object.values(fixture.answers)) {
    const m = a.body && /html/.test(a.type) ? STYLE.exec(a.body) : null;
    if (m) return m[0];
  }
  return null;
})();

const EXCEPTIONS: { name: string; why: string; applies: (key: string) => boolean; toRecorded: (a: Answer, key: string) => Answer }[] = [
  {
    name: 'records valid as served',
    why: "docs/product.md#machine-readable-output: robots.txt has Disallow lines only (the recording had 'Allow: /' first, which a first-match reader takes for everything); a PDF is named by its bare URL in the sitemap, OAI, JATS, RIS and the page's citation tag and JSON-LD (the recording gave its versioned link); OAI jats records declare JATS's empty namespace and JATS licences carry ali:license_ref; an oai_dc record names each subject once (the recording repeated the subject field after the keywords that hold it); article pages carry Dublin Core tags besides DC.rights; the archives sidebar links to the LOCKSS and CLOCKSS manifests",
    applies: (key) => / GET \/(robots\.txt|sitemap(-\d+)?\.xml|oai\?|api\/archives\/ref\/[^/]+\/(jats\.xml|cite\.ris)$|archives|search|pdf\?|$|about|board|contact|indexing|instructions|privacy|terms|no-such-page)/.test(key),
    toRecorded: (a, key) => {
      let body = a.body;
      body = body.replace(/User-agent: \*\nDisallow: \/admin\nDisallow: \/webdata\nDisallow: \/counter\/\n/, 'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /webdata\n');
      if (/xml/.test(a.type)) {
        body = pdfVersioned(body, '</loc>|</dc:identifier>|"');
        body = body.replace(/ xmlns=""/g, '').replace(/ xmlns:ali="http:\/\/www\.niso\.org\/schemas\/ali\/1\.0\/"/g, '').replace(/<ali:license_ref>[^<]*<\/ali:license_ref>/g, '');
        // Each oai_dc record: the subject field again after the keywords, where the keywords held it.
        body = body.replace(/<identifier>oai:[^:<]+:([^<]+)<\/identifier>((?:(?!<identifier>)[\s\S])*?)<\/oai_dc:dc>/g, (all, ref: string, rest: string) => {
          const subject = subjectOf(key.split(' ')[0]!, ref).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
          const subjects = [...rest.matchAll(/<dc:subject>([^<]*)<\/dc:subject>/g)].map((m) => m[1]!);
          if (!subject || subjects[subjects.length - 1] === subject || !subjects.some((x) => x.toLowerCase() === subject.toLowerCase())) return all;
          const last = rest.lastIndexOf('</dc:subject>') + '</dc:subject>'.length;
          return all.replace(rest, `${rest.slice(0, last)}<dc:subject>${subject}</dc:subject>${rest.slice(last)}`);
        });
      }
      if (/ris/.test(a.type) || /^TY {2}-/.test(body)) body = pdfVersioned(body, '\\r?\\n|$');
      if (/html/.test(a.type)) {
        body = body.replace(/<meta name="DC\.(?!rights")[A-Za-z.]+" content="[^"]*"\/>/g, '');
        body = body.replace(/,\["DC\.(?!rights")[A-Za-z.]+","(?:[^"\\]|\\.)*"\]/g, '');
        body = pdfVersioned(body, '"\\/?>|\\\\"|"\\]|"\\}|","');
        body = body.replace('<a href="/lockss">LOCKSS and CLOCKSS manifests</a>', '');
      }
      return body === a.body ? a : { ...a, body };
    },
  },
  {
    name: 'inlined stylesheet',
    why: 'the shared stylesheet changed on purpose (staff and public screens fit a 360 px window, notices and status lines have their own rules): the page around it is still compared',
    applies: () => recordedStyle !== null,
    toRecorded: (a) => {
      if (!/html/.test(a.type) || !STYLE.test(a.body)) return a;
      const body = a.body.replace(STYLE, () => recordedStyle!);
      return body === a.body ? a : { ...a, body };
    },
  },
  {
    name: 'online submission links',
    why: 'docs/product.md#submissions: the home page\'s process box and the instructions page link to the submission form',
    applies: (key) => / GET \/(instructions)?$/.test(key),
    toRecorded: (a) => {
      if (!/html/.test(a.type)) return a;
      const body = a.body
        .replace(/<p><a class="btn" href="\/submit"[^>]*>Submit your article online<\/a><\/p>/, '')
        .replace(/<p>Manuscripts may also be submitted online with the (?:<!-- -->)?<a href="\/submit"[^>]*>submission form<\/a>(?:<!-- -->)? \(Word or PDF\): it gives a(?:\s|<!-- -->)*submission number and a private link to follow the review, send a revision and the payment receipt\.<\/p>/, '');
      return body === a.body ? a : { ...a, body };
    },
  },
  {
    name: 'website rule chunk',
    why: "the website rule is a chunk of its own, out of every reader's first load: the board and contact pages, which show editors' and the publisher's websites, preload it",
    applies: (key) => / GET \/(board|contact)$/.test(key),
    toRecorded: (a) => {
      const body = a.body.replace(/<link rel="modulepreload" href="\/static\/website\.rules\.js"\/>/, '');
      return body === a.body ? a : { ...a, body };
    },
  },
  {
    name: 'withdrawal notice date',
    why: "the notice of a withdrawal made by today's admin writes is dated today, in words the normaliser's ISO dates do not cover; the recording's writes were dated the day it was made",
    applies: () => true,
    toRecorded: (a) => {
      const days = new Set([noticeDay(runSince), noticeDay(Date.now())]);
      const body = a.body.replace(/(Notice dated (?:<!-- -->)?)(\d{1,2} [A-Z][a-z]+ \d{4})/g, (all, head: string, day: string) => (days.has(day) ? `${head}${RECORDED_ON}` : all));
      return body === a.body ? a : { ...a, body };
    },
  },
  {
    name: 'head order',
    why: "every page's shared head (the entry's preloads and the inlined CSS) now follows the charset, viewport and title, so that its deflate is made once per process for gzip answers; the recording had the title among the page's own head tags, after the feed links, and the shared head after them all, before the page's chunk preloads",
    applies: () => true,
    toRecorded: (a) => {
      if (!/html/.test(a.type)) return a;
      const m = PAGE_HEAD.exec(a.body);
      if (!m) return a;
      const [whole, start, title = '', shared] = m as unknown as [string, string, string | undefined, string];
      let rest = a.body.slice(whole.length);
      const at = rest.indexOf(FEEDS_END);
      if (title && at >= 0) rest = rest.slice(0, at + FEEDS_END.length) + title + rest.slice(at + FEEDS_END.length);
      const hydration = HYDRATION_START.exec(rest);
      if (!hydration) return a;
      return { ...a, body: start + rest.slice(0, hydration.index) + shared + rest.slice(hydration.index) };
    },
  },
];

type Stack = Awaited<ReturnType<typeof import('../scripts/stack').startStack>>;
let stack: Stack | undefined;
/**
 * Today's answers: after the admin writes (views patched by the change publisher), then from the
 * views `jp views rebuild` built from scratch, then with no view stored (each built on read).
 */
const today: { written?: Map<string, Answer>; rebuilt?: Map<string, Answer>; onRead?: Map<string, Answer> } = {};
const rebuilds: { code: number | null; out: string; err: string }[] = [];
let viewsAfterRebuild = 0;

beforeAll(async () => {
  const { serverEnv, startStack } = await import('../scripts/stack');
  const { seedDemo } = await import('../scripts/seed');
  const servers = serverEnv();
  const ports = goldenPorts();
  const since = Date.now() - 5_000;
  runSince = since;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName: ports.db }).asPromise();
  const viewCollections = async () =>
    (await conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((n) => n.startsWith(VIEW_COLLECTION) || n.startsWith(VIEW_STATE_COLLECTION));
  const dropViews = async () => {
    for (const name of await viewCollections()) await conn.db!.dropCollection(name);
  };
  const jpViewsRebuild = async () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/.bin/tsx'), path.join(ROOT, 'scripts/jp.ts'), 'views', 'rebuild', '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...servers, MONGO_DB: ports.db, REDIS_PREFIX: `golden${Date.now().toString(36)}:`, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    rebuilds.push({ code: r.status, out: r.stdout, err: r.stderr });
    for (const name of await viewCollections()) viewsAfterRebuild += await conn.db!.collection(name).countDocuments({});
  };
  let written: GoldenWrite[] = [];
  const walk = async (write = false) => {
    const redisPrefix = `golden${Date.now().toString(36)}:`;
    stack = await startStack({ portBase: ports.portBase, nginxPort: ports.nginxPort, mongoDb: ports.db, redisPrefix, name: 'golden', logLevel: 'warn', pdfWorkers: 0 });
    try {
      const hosts = journals.map((j) => ({ slug: j.slug, host: j.hosts[0]! }));
      if (write) written = await goldenWrites(ports.nginxPort, hosts);
      return await walkPublic(ports.nginxPort, hosts, new Normaliser(since, () => Date.now(), { today: ports.nginxPort, recorded: RECORDED_NGINX_PORT }), written);
    } finally {
      await stack.stop();
      stack = undefined;
    }
  };
  let journals: { slug: string; hosts: string[] }[] = [];
  try {
    await conn.dropDatabase();
    // The demo's issues are in the recorded year, whatever year it is now.
    journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName: ports.db, year: fixture.seedYear });
    // Whatever the seed built is dropped: the views compared are the operator rebuild's, then
    // those the change publisher patches on each admin write.
    await dropViews();
    await jpViewsRebuild();
    today.written = await walk(true);
    // From scratch again, from today's data (the writes included).
    await dropViews();
    await jpViewsRebuild();
    today.rebuilt = await walk();
    // And with no view stored at all: each one is built on the read that needs it.
    await dropViews();
    today.onRead = await walk();
  } finally {
    await conn.close();
  }
});
afterAll(async () => {
  await stack?.stop();
});

test('`jp views rebuild` builds every journal of the demo seed, before and after the writes', () => {
  expect(rebuilds).toHaveLength(2);
  for (const rebuild of rebuilds) {
    expect({ code: rebuild.code, err: rebuild.code === 0 ? '' : rebuild.err }).toEqual({ code: 0, err: '' });
    const done = (JSON.parse(rebuild.out) as { journals: { slug: string; status: string }[] }).journals;
    expect(done.map((j) => j.status)).toEqual(done.map(() => 'done'));
    expect(done.map((j) => j.slug).sort()).toEqual(['chem', 'demo']);
  }
  expect(viewsAfterRebuild).toBeGreaterThan(0);
});

describe.each([
  ['patched by the admin writes', 'written'],
  ['rebuilt by `jp views rebuild`', 'rebuilt'],
  ['built on read (none stored)', 'onRead'],
] as const)('with the views %s', (_name, which) => {
  test('every public API answer and page equals what the platform served before the views', () => {
    const got = today[which];
    expect(got).toBeDefined();
    expect(differencesFrom(got!)).toEqual([]);
  });
});

/** Every recorded answer not given the same today, every answer not recorded, each with where it starts to differ. */
function differencesFrom(answers: Map<string, Answer>): string[] {
  todays = answers;
  const recorded = Object.keys(fixture.answers);
  expect(recorded.length).toBeGreaterThan(500);
  const differences: string[] = [];
  for (const key of recorded) {
    const want = fixture.answers[key]!;
    let got = answers.get(key);
    if (!got) {
      differences.push(`${key}: not walked today`);
      continue;
    }
    for (const e of EXCEPTIONS) if (e.applies(key)) got = e.toRecorded(got, key);
    if (sha256(got) === want.sha256) continue;
    const shown = want.body === undefined ? '' : firstDifference({ ...want, body: want.body }, got);
    differences.push(`${key}: ${want.status} ${want.type} → ${got.status} ${got.type}${shown}`);
  }
  for (const key of answers.keys()) if (!(key in fixture.answers)) differences.push(`${key}: walked today only`);
  if (differences.length) {
    // Today's answers in full, to compare with a recording of the old commit.
    const out = path.join(ROOT, '.data/golden-today.json.gz');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, gzipSync(JSON.stringify(Object.fromEntries(answers))));
  }
  return differences;
}

function firstDifference(want: Answer, got: Answer): string {
  const a = want.body;
  const b = got.body;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return ` (location ${want.location ?? ''} → ${got.location ?? ''})`;
  return `\n   recorded …${a.slice(Math.max(0, i - 80), i + 120)}\n   today    …${b.slice(Math.max(0, i - 80), i + 120)}`;
}

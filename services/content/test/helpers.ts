import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEFAULT_JOURNAL_FLAGS, emptySettingsText } from '@journal/contracts';
import { staffHeaders, staffToken, TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import request from 'supertest';
import { start, type ContentApp } from '../src/app';
import type { Article } from '../src/archives/article.repo';
import { seedDemoContent } from '../src/seed/demo';
import { contentConfigSchema, type ContentConfig } from '../src/config';

/** Starts the content service on a fresh database of the real test servers. */
export async function startContent(extra: Partial<ContentConfig> = {}): Promise<ContentApp & { config: ContentConfig }> {
  const { mongoUrl, redisUrl } = testServers();
  const config = contentConfigSchema.parse({
    MONGO_URL: mongoUrl,
    REDIS_URL: redisUrl,
    MONGO_DB: uniqueName('content'),
    REDIS_PREFIX: `${uniqueName('t')}:`,
    JWT_SECRET: TEST_JWT_SECRET,
    // Tokens here are signed for users that exist nowhere; the stored-user check is tested with the auth service.
    AUTH_CHECK_STORED_USER: 'off',
    PORT: 0,
    LOG_LEVEL: 'silent',
    WAIT_READY: true,
    // Nothing listens here: the served HTML falls back to the built-in shell.
    WEB_INDEX_URL: 'http://127.0.0.1:9/index.html',
    ...extra,
  });
  const app = await start(config);
  return Object.assign(app, { config });
}

export type TestContentApp = Awaited<ReturnType<typeof startContent>>;

/**
 * The demo journals seeded into a database of their own, served by one replica per entry of
 * `extras`, all on one database and one Redis prefix.
 */
export async function startDemoReplicas<X extends Partial<ContentConfig>[]>(
  ...extras: X
): Promise<{ journalId: (slug: string) => string; journals: { id: string; slug: string }[]; apps: { [K in keyof X]: TestContentApp } }> {
  const MONGO_DB = uniqueName('content');
  const REDIS_PREFIX = `${uniqueName('t')}:`;
  const { mongoUrl, redisUrl } = testServers();
  const { journals } = await seedDemoContent({ mongoUrl, dbName: MONGO_DB, redisUrl, redisPrefix: REDIS_PREFIX });
  const apps: TestContentApp[] = [];
  for (const extra of extras) apps.push(await startContent({ MONGO_DB, REDIS_PREFIX, ...extra }));
  const journalId = (slug: string) => journals.find((j) => j.slug === slug)!.id;
  return { journalId, journals, apps: apps as { [K in keyof X]: TestContentApp } };
}

/** A public read of one journal, as the gateway sends it. */
export const publicGet = (app: { url: string }, journalId: string, path: string) => request(app.url).get(path).set('x-journal-id', journalId);

export async function stopContent(app: (ContentApp & { config?: ContentConfig }) | undefined) {
  if (!app) return;
  await app.conn.dropDatabase().catch(() => undefined);
  // The run's own Redis keys (cache versions) go too.
  const prefix = app.config?.REDIS_PREFIX;
  if (prefix) {
    const keys = await app.deps.redis.keys(`${prefix}*`).catch(() => [] as string[]);
    if (keys.length) await app.deps.redis.del(...keys).catch(() => undefined);
  }
  await app.stop();
}

export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The fields of an article add that name it; the rest of the form is filled as an editor would. */
export interface ArticleAddFields {
  year: number;
  volume: number;
  issue: number;
  refnumber: string;
  pagenumber: string;
  title: string;
  keywords: string;
  txnid: string;
}

/** A staff article add with its PDF, sent as the admin form sends it (multipart). */
export function postArticle(app: { url: string }, journalId: string, token: string, a: ArticleAddFields, pdf: Buffer) {
  let req = request(app.url).post('/api/admin/archives/').set(staffHeaders(journalId, token));
  const fields: Record<string, string> = {
    ...Object.fromEntries(Object.entries(a).map(([k, v]) => [k, String(v)])), authorname: 'Asha Rao', abstract: `<p>Yields of ${a.keywords}.</p>`,
    subject: 'Agriculture', country: 'India', email: 'asha@example.org', mobile: '9999999999', ptype: 'paid', publishdate: '2026-02-10',
  };
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('pdfFile', pdf, { filename: 'paper.pdf', contentType: 'application/pdf' });
}

/**
 * The admin edit form of `art` sent back to replica `on` as staff of `journalId`, with `abstract` (and
 * the issue `to`, when given); `frequency`: its own month sent back.
 */
export function sendEditForm(
  on: { url: string },
  journalId: string,
  art: Article,
  abstract: string,
  to: Partial<Pick<Article, 'year' | 'volume' | 'issue'>> = {},
  frequency?: string,
) {
  const fields: Record<string, string> = {
    ...(frequency === undefined ? {} : { frequency }),
    year: String(to.year ?? art.year), volume: String(to.volume ?? art.volume), issue: String(to.issue ?? art.issue), refnumber: art.refnumber, title: art.title,
    authorname: art.authorname ?? '', abstract, pagenumber: art.pagenumber || '1-2', email: art.email || 'a@b.org', txnid: art.txnid ?? '', ptype: art.ptype || 'paid',
    publishdate: String(art.publishdate ?? '2020-01-01').slice(0, 10), subject: art.subject ?? '',
  };
  let req = request(on.url).post(`/api/archives/${art.id}`).set({ 'x-journal-id': journalId, authorization: `Bearer ${staffToken(journalId)}` });
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
}

/** Creates a journal with hosts and returns its id. */
export async function makeJournal(app: ContentApp, slug: string, patch: Record<string, unknown> = {}) {
  const j = await app.journals.upsert({
    slug,
    hosts: [`${slug}.test`],
    ...emptySettingsText(),
    websitename: `Journal ${slug}`,
    domain: `${slug}.test`,
    formatted_journal_name: `<b>Journal</b> ${slug}`,
    websiteemail: `${slug}@example.org`,
    year_started: '2020',
    journal_frequency: 'Quarterly',
    journal_type: 'Online',
    journal_language: 'English',
    issn: '1234-5678',
    fee_rupee: '2000',
    fee_dollar: '50',
    home_content: '&lt;p&gt;Welcome&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    flags: { ...DEFAULT_JOURNAL_FLAGS },
    ...patch,
  } as never);
  return j.id;
}

/** Database operations a content process sends while `run` lasts, as `collection.method`. */
export async function dbOps(app: { conn: ContentApp['conn'] }, run: () => Promise<void>): Promise<string[]> {
  const ops: string[] = [];
  app.conn.set('debug', (collection: string, method: string) => {
    ops.push(`${collection}.${method}`);
  });
  try {
    await run();
  } finally {
    app.conn.set('debug', false);
  }
  return ops;
}

import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { connectMongo, TOOL_SOCKET_TIMEOUT_MS, createLogger, createRedis, escapeHtml as enc } from '@journal/server-kit';
import { contentSources, offlineViews } from '../views-offline';
import { formatDoi } from '@journal/contracts';
import { JournalRepo } from '../journals/journal.repo';
import { EditorRepo } from '../editors/editor.repo';
import { IndexingRepo } from '../indexing/indexing.repo';
import { IssueRepo } from '../archives/issue.repo';
import { ArticleRepo, type ArticleInput } from '../archives/article.repo';
import { assetPath, FileStore } from '../files/file-store';
import { plain } from '../shared/text';
import { AUTHOR_POOL, COUNTRIES, DEMO_JOURNALS, EDITORS, INDEXING, QUARTER_MONTHS, type DemoJournalSpec } from './demo-data';
import { makePng, makeSvgLogo } from './images';
import { demoArticleLicense, demoAuthors, demoReferences } from './demo-scholarly';

export interface SeedOptions {
  mongoUrl: string;
  dbName: string;
  /** When given, the content caches of running replicas are invalidated after seeding. */
  redisUrl?: string;
  redisPrefix?: string;
  /** The year of the newest issues (default: this year): a comparison with answers recorded in another year pins it. */
  year?: number;
}

export interface SeedResult {
  journals: { id: string; slug: string; hosts: string[] }[];
}


/** Lines of at most `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

// Standard PDF fonts cover WinAnsi only.
const winAnsi = (s: string) => s.replace(/[—–]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '');

/**
 * A demo article's PDF. Its dates are the publication date, so the same article gives the same
 * bytes on every seed: its content hash, and the `?v=` of its URL, do not change from run to run.
 */
export async function articlePdf(p: { journal: string; heading: string; title: string; authors: string; abstract: string; pages: string; published: Date }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(p.published);
  doc.setModificationDate(p.published);
  doc.setTitle(winAnsi(p.title));
  doc.setAuthor(winAnsi(p.authors));
  doc.setSubject(winAnsi(p.journal));
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([595, 842]);
  let y = 800;
  const draw = (text: string, font: PDFFont, size: number, color = rgb(0, 0, 0)) => {
    for (const l of wrap(winAnsi(text), font, size, 495)) {
      page.drawText(l, { x: 50, y, size, font, color });
      y -= size * 1.35;
    }
  };
  draw(p.journal, bold, 11, rgb(0.1, 0.3, 0.5));
  draw(`${p.heading}    Pages: ${p.pages}`, regular, 10, rgb(0.3, 0.3, 0.3));
  y -= 14;
  draw(p.title, bold, 16);
  y -= 4;
  draw(p.authors, regular, 11);
  y -= 12;
  draw('Abstract', bold, 12);
  draw(p.abstract, regular, 11);
  y -= 12;
  draw('1. Introduction', bold, 12);
  draw(
    'This article is part of the demonstration content of the journal platform. The text of the full article would follow here, with methods, results, discussion and references.',
    regular,
    11,
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function abstractOf(topic: string, subject: string, n: number): string {
  const t = plain(topic);
  return enc(
    `<p>The present investigation on <strong>${t.toLowerCase()}</strong> was carried out during ${2 + (n % 3)} consecutive seasons. ` +
      `Experiments followed a randomised block design with ${3 + (n % 4)} replications. Observations were recorded on growth, yield and quality parameters. ` +
      `Results showed significant differences among treatments, and the best treatment improved the main response by ${12 + (n % 9)}% over the control. ` +
      `The findings are relevant to ${subject.toLowerCase()} and to practitioners in similar agro-climatic conditions.</p>`,
  );
}

async function seedJournal(spec: DemoJournalSpec, deps: {
  journals: JournalRepo; editors: EditorRepo; indexing: IndexingRepo; issues: IssueRepo; articles: ArticleRepo; files: FileStore;
}, year = new Date().getUTCFullYear()): Promise<{ id: string; slug: string; hosts: string[] }> {
  const j = await deps.journals.upsert({
    slug: spec.slug,
    hosts: spec.hosts,
    websitename: spec.websitename,
    domain: spec.hosts[0]!,
    formatted_journal_name: spec.formatted_journal_name,
    websiteemail: spec.websiteemail,
    whatsup_number: spec.whatsup_number,
    year_started: spec.year_started,
    journal_frequency: 'Quarterly',
    journal_type: 'Online',
    journal_language: 'English',
    journal_essn: spec.journal_essn,
    issn: spec.issn,
    nassScore: spec.nassScore,
    nassScoreYear: spec.nassScoreYear,
    impactfactor: spec.impactfactor,
    fee_rupee: '2000',
    fee_dollar: '50',
    google_review_link: spec.google_review_link,
    home_content: spec.home_content,
    doi_prefix: spec.doi_prefix,
    doi_suffix_pattern: spec.doi_suffix_pattern,
    license: spec.license,
    flags: spec.flags,
  });
  const jid = j.id;
  const putOnce = async (path: string, make: () => Buffer | Promise<Buffer>) => {
    if (!(await deps.files.exists(jid, path))) await deps.files.put(jid, path, await make());
  };
  const { primary, secondary } = spec.colors;

  // Site images (logo, header, cover, chat icon) and the default editor avatar.
  await putOnce(assetPath.site('logo.png'), () => makePng(96, 96, primary, secondary));
  await putOnce(assetPath.site('header.png'), () => makePng(1200, 160, primary, secondary));
  await putOnce(assetPath.site('cover.png'), () => makePng(420, 594, secondary, primary));
  await putOnce(assetPath.site('chat.png'), () => makePng(64, 64, [37, 211, 102], [18, 140, 126]));
  await putOnce(assetPath.editor('avatar.png'), () => makePng(120, 120, [200, 200, 200], [140, 140, 140]));

  // Editors in all three categories, one disabled.
  const existingEditors = new Map((await deps.editors.list(jid)).map((e) => [e.name, e]));
  for (const [i, e] of EDITORS.entries()) {
    if (e.picture) await putOnce(assetPath.editor(e.picture), () => makePng(120, 120, primary, [220 - i * 10, 180, 140 + i * 10]));
    const slug = e.name.replace(/^Dr\.\s*/, '').toLowerCase().replace(/[^a-z]+/g, '.');
    const fields = {
      name: e.name,
      category: e.category,
      post: e.post,
      content: e.content,
      degree: e.degree,
      email: `${slug}@university.example`,
      phone: `+91 98${String(10000000 + i * 1234567).slice(0, 8)}`,
      country: e.country,
      editor_website: `https://university.example/~${slug}`,
      picture: e.picture ?? 'avatar.png',
      status: e.status ?? 'enabled',
      is_pinned: e.is_pinned ?? 0,
    } as const;
    const found = existingEditors.get(e.name);
    if (found) await deps.editors.update(jid, found.id, fields);
    else await deps.editors.create(jid, fields);
  }

  // Indexing partners with generated logos.
  const existingIdx = new Map((await deps.indexing.list(jid)).map((x) => [x.title, x]));
  for (const x of INDEXING) {
    await putOnce(assetPath.indexing(x.image), () =>
      x.kind === 'svg' ? makeSvgLogo(x.title, x.color) : makePng(240, 80, [255, 255, 255], [200, 210, 230]),
    );
    const fields = { title: x.title, link: x.link, image: x.image, sortnumber: x.sortnumber, status: x.status ?? 'enabled' } as const;
    const found = existingIdx.get(x.title);
    if (found) await deps.indexing.update(jid, found.id, fields);
    else await deps.indexing.create(jid, fields);
  }

  // Issues: the current year's four quarters (6 articles each), then two earlier years (2 each).
  const plan: { year: number; issue: number; count: number }[] = [
    ...[1, 2, 3, 4].map((issue) => ({ year, issue, count: 6 })),
    ...[1, 2, 3, 4].map((issue) => ({ year: year - 1, issue, count: 2 })),
    ...[1, 2].map((issue) => ({ year: year - 2, issue, count: 2 })),
  ];
  let n = 0;
  for (const p of plan) {
    const volume = Math.max(1, p.year - Number(spec.year_started) + 1);
    const frequency = QUARTER_MONTHS[p.issue - 1]!;
    await deps.issues.ensure(jid, { year: p.year, volume, issue: p.issue, frequency });
    let page = 1;
    for (let k = 0; k < p.count; k++, n++) {
      const topic = spec.topics[n % spec.topics.length]!;
      const refnumber = String(spec.refBase + n + 1);
      const len = 5 + ((n * 7) % 5);
      const pagenumber = `${page}-${page + len}`;
      page += len + 1;
      const authors = [0, 1, 2].slice(0, 1 + (n % 3)).map((a) => AUTHOR_POOL[(n * 3 + a) % AUTHOR_POOL.length]!).join(', ');
      const subject = spec.subjects[n % spec.subjects.length]!;
      // The last article of the newest issue has no PDF (the Download button is conditional).
      const hasFile = !(p.year === year && p.issue === 4 && k === p.count - 1);
      const input: ArticleInput & { year: number; volume: number; issue: number; refnumber: string; title: string; txnid: string } = {
        year: p.year,
        volume,
        issue: p.issue,
        frequency,
        refnumber,
        title: enc(topic),
        authorname: authors,
        authors: demoAuthors(authors, refnumber),
        license: demoArticleLicense(n),
        references: demoReferences(n, topic),
        abstract: abstractOf(topic, subject, n),
        keywords: [subject, ...plain(topic).toLowerCase().split(/\s+/).filter((w) => w.length > 6).slice(0, 3)].join(', '),
        pagenumber,
        subject,
        country: COUNTRIES[n % COUNTRIES.length]!,
        email: `author${refnumber}@mail.example`,
        mobile: `98${String(76543210 + n)}`,
        txnid: `TXN${spec.slug.toUpperCase()}${refnumber}`,
        ptype: n % 5 === 0 ? 'free' : 'paid',
        publishdate: `${p.year}-${String(p.issue * 3 - 1).padStart(2, '0')}-15`,
        description: enc(topic),
        file: hasFile ? `${refnumber}.pdf` : '',
        doi: formatDoi(spec.doi_prefix, spec.doi_suffix_pattern, { year: p.year, volume, issue: p.issue, refnumber }, spec.slug),
        status: 'enabled',
        createdby: 'admin',
        modifiedby: 'admin',
      };
      const existing = await deps.articles.findByRef(jid, refnumber);
      if (existing) await deps.articles.update(jid, existing.id, input);
      else await deps.articles.create(jid, input);
      if (hasFile) {
        await putOnce(assetPath.article(p.year, volume, p.issue, `${refnumber}.pdf`), () =>
          articlePdf({
            journal: spec.websitename,
            heading: `Vol. ${volume}, Issue ${p.issue} (${p.year})`,
            title: plain(topic),
            authors,
            abstract: plain(input.abstract!),
            pages: pagenumber,
            published: new Date(`${input.publishdate}T00:00:00Z`),
          }),
        );
      }
    }
  }

  // A withdrawn article that must never be public.
  const hidden = {
    year,
    volume: Math.max(1, year - Number(spec.year_started) + 1),
    issue: 1,
    frequency: QUARTER_MONTHS[0]!,
    refnumber: String(spec.refBase + 999),
    title: 'Withdrawn manuscript awaiting correction',
    authorname: 'Hidden Author',
    abstract: enc('<p>This withdrawn article must not appear on the public site.</p>'),
    keywords: 'withdrawn',
    pagenumber: '900-901',
    txnid: `TXN${spec.slug.toUpperCase()}HIDDEN`,
    status: 'disabled',
    file: '',
  };
  const h = await deps.articles.findByRef(jid, hidden.refnumber);
  if (h) await deps.articles.update(jid, h.id, hidden);
  else await deps.articles.create(jid, hidden);

  return { id: jid, slug: j.slug, hosts: j.hosts };
}

/**
 * Seeds the two demo journals (`demo` on localhost/127.0.0.1, `chem` on chem.localhost) with
 * settings, flags, editors, indexing partners, site images, issues and articles with PDFs.
 * Idempotent: records are matched by slug, name, title, issue key and refnumber; files are
 * written only when missing.
 */
export async function seedDemoContent(opts: SeedOptions): Promise<SeedResult> {
  const conn = await connectMongo(opts.mongoUrl, opts.dbName, { socketTimeoutMs: TOOL_SOCKET_TIMEOUT_MS });
  try {
    const deps = await contentSources(conn);
    await Promise.all([deps.journals.init(), deps.editors.init(), deps.indexing.init(), deps.issues.init(), deps.articles.init(), deps.files.init()]);
    const journals = [];
    for (const spec of DEMO_JOURNALS) journals.push(await seedJournal(spec, deps, opts.year));
    const redis = opts.redisUrl ? createRedis(opts.redisUrl, { lazyConnect: true }) : undefined;
    try {
      await redis?.connect();
      // The journals' public views are built from what was seeded; every running replica drops its copies.
      const { publisher } = await offlineViews(conn, redis, opts.redisPrefix ?? 'jp:', createLogger('seed', process.env.LOG_LEVEL ?? 'warn', 'stderr'));
      for (const j of journals) await publisher.invalidate(j.id);
    } finally {
      redis?.disconnect();
    }
    return { journals };
  } finally {
    await conn.close();
  }
}

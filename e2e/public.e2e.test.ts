/**
 * The public site in a real Chromium on both demo journals (docs/product.md#public-routes): every public
 * route, the texts of docs/product.md, the per-journal flag differences, and an axe check of the main pages.
 * Expectations are read from the public API of the same host, so the suite follows the seed.
 */
import type { Browser, Page } from 'puppeteer-core';
import type { ArticleSummary, PublicEditorRead, PublicSettingsRead, YearSummary } from '@journal/contracts';
import { apiOf, axeViolations, BASE, CHEM, launchBrowser, newPage, pageText } from './harness';

const NO_MATCH = 'Sorry, nothing matched your search terms. Please try again with different keywords.';

type Settings = PublicSettingsRead;
type Editor = PublicEditorRead;
type Article = ArticleSummary;

const pad2 = (n: number | string) => String(n).padStart(2, '0');
const cap = (f: string) =>
  f
    .split('-')
    .map((p) => (p ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p))
    .join('-');
const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

const api = apiOf;

/** The journal's data as its public API gives it: what the pages must show. */
async function journalData(base: string) {
  const settings = await api<Settings>(base, '/api/settings/');
  const years = await api<YearSummary[]>(base, '/api/archives/');
  const editors = await api<Editor[]>(base, '/api/editors/');
  const indexing = await api<{ title: string }[]>(base, '/api/indexing/');
  const latestYear = years[0]!;
  const issues = latestYear.issues?.length
    ? [...latestYear.issues].sort((a, b) => b.volume - a.volume || b.issue - a.issue)
    : [{ volume: latestYear.volume, issue: latestYear.total_issues }];
  const latest = { year: latestYear.year, volume: issues[0]!.volume, issue: issues[0]!.issue };
  const articles = await api<Article[]>(base, `/api/archives/${latest.year}/${latest.volume}/${latest.issue}`);
  return { settings, years, editors, indexing, latest, articles };
}
type JournalData = Awaited<ReturnType<typeof journalData>>;

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

async function visit(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => !document.querySelector('.state-loading'), { timeout: 15_000 });
  // Served pages are hydrated before a test clicks: a click before that is a plain page load,
  // which carries no navigation state (the section to scroll to).
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
}

async function waitForText(page: Page, text: string) {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 15_000 }, text);
}

/** The serious and critical violations axe finds in the page. */
async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

let browser: Browser;
const data: Record<string, JournalData> = {};
beforeAll(async () => {
  browser = await launchBrowser();
  data.demo = await journalData(BASE);
  data.chem = await journalData(CHEM);
});
afterAll(async () => {
  await browser?.close();
});

describe('the demo journals differ by their flags', () => {
  it('shows Subject on demo only and hides the owner notice on chem only', () => {
    expect(data.demo!.settings.flags.showSubject).toBe(true);
    expect(data.chem!.settings.flags.showSubject).toBe(false);
    expect(data.demo!.settings.flags.hideOwnerNotice).toBe(false);
    expect(data.chem!.settings.flags.hideOwnerNotice).toBe(true);
  });
});

describe.each([
  ['demo', BASE],
  ['chem', CHEM],
] as const)('public site on %s', (key, base) => {
  const d = () => data[key]!;
  let page: Page & { errors: string[] };
  beforeEach(async () => {
    page = await newPage(browser);
  });
  afterEach(async () => {
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('has the layout shell: nav, journal name, footer links with scroll targets, © year, chat link', async () => {
    await visit(page, `${base}/`);
    const nav = await page.$$eval('nav[aria-label=Main] a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(nav).toEqual([
      ['HOME', '/'],
      ['ARCHIVES', '/archives'],
      ['EDITORIAL BOARD', '/board'],
      ['INSTRUCTIONS', '/instructions'],
      ['INDEXING', '/indexing'],
      ['CONTACT', '/contact'],
    ]);
    const text = await pageText(page);
    expect(text).toContain(d().settings.websitename);
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    const footerHrefs = await page.$$eval('footer a', (as) => as.map((a) => a.getAttribute('href')));
    // Each policy link carries its section in the URL, so it lands there without JavaScript too.
    expect(footerHrefs).toEqual(expect.arrayContaining(['/privacy-policy#privacy-policy', '/terms-and-conditions#acceptable-use']));
    expect(await page.$('a.chat-float')).not.toBeNull();
    const banner = d().settings.flags.banner;
    if (banner === 'naas') expect(text).toContain('NAAS Rating'.toUpperCase());
    if (banner === 'header') expect(await page.$('img.banner-image')).not.toBeNull();
  });

  it('searches from the header box, clears it, and has no minimum length', async () => {
    await visit(page, `${base}/board`);
    const box = 'form.search-lg input[name=keyword]';
    await page.type(box, 'a');
    await Promise.all([page.waitForFunction(() => location.pathname === '/search'), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('a');
    expect(await page.$eval(box, (i) => (i as HTMLInputElement).value)).toBe('');
    await page.setViewport({ width: 400, height: 900 });
    expect(await page.$eval('form.search-lg', (f) => getComputedStyle(f).display)).toBe('none');
    expect(await page.$eval('form.search-sm', (f) => getComputedStyle(f).display)).not.toBe('none');
  });

  it('home: cover card, journal information, fees, process, sidebar', async () => {
    await visit(page, `${base}/`);
    const s = d().settings;
    await waitForText(page, 'Volume 1, Issue 1');
    const text = await pageText(page);
    expect(text).toContain('Volume 1, Issue 1');
    expect(text).toContain(s.year_started);
    expect(text).toContain('Delhi, India');
    expect(text).toMatch(new RegExp(`India\\s+INR ${s.fee_rupee || '2000'}`));
    expect(text).toMatch(new RegExp(`Other Countries\\s+USD ${s.fee_dollar || '50'}`));
    expect(text).toContain('Within 5 days');
    expect(text).toContain('SUBMIT YOUR ARTICLE');
    expect(text).toContain(s.websiteemail);
    for (const it of d().indexing) expect(text).toContain(it.title);
    expect(await page.$$eval('.process-steps li', (l) => l.length)).toBe(4);
    const journalList = await page.$('a.side-link');
    expect(!!journalList).toBe(s.flags.showJournalList && !!s.flags.journalListLink);
    expect(await page.$$eval('.home-content script', (l) => l.length)).toBe(0);
  });

  it('board: sections only when non-empty, contacts per flag', async () => {
    await visit(page, `${base}/board`);
    const text = await pageText(page);
    expect(text).toContain('EDITORIAL BOARD');
    const has = (c: string) => d().editors.some((e) => e.category === c);
    expect(text.includes('Editor-in-Chief')).toBe(has('chief editor'));
    expect(text.includes('Associate Editors')).toBe(has('associate editor'));
    expect(text.includes('Assistant Editors')).toBe(has('assistant editor'));
    for (const e of d().editors) expect(text).toContain(e.name);
    const withEmail = d().editors.find((e) => e.email);
    if (withEmail?.email) expect(text.includes(withEmail.email)).toBe(d().settings.flags.showEditorContacts);
  });

  it('indexing: the logo grid and the Indexing and Abstracting page', async () => {
    await visit(page, `${base}/indexing`);
    let text = await pageText(page);
    expect(text).toContain('INDEXING');
    for (const it of d().indexing) expect(text).toContain(it.title);
    await visit(page, `${base}/indexing-and-abstracting`);
    text = await pageText(page);
    expect(text).toContain('Indexing and Abstracting');
  });

  it('archives: replaces /archives with the latest issue; year boxes; labels', async () => {
    const { latest, years } = d();
    await visit(page, `${base}/board`);
    await Promise.all([page.waitForFunction(() => /^\/archives\/\d+\//.test(location.pathname)), page.click('nav[aria-label=Main] a[href="/archives"]')]);
    expect(path(page)).toBe(`/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`);
    await page.waitForSelector('.year-box');
    const text = await pageText(page);
    expect(text).toContain('ARCHIVES');
    expect(text).toContain(`${years[0]!.year} ISSUES`);
    expect(text).toMatch(/VOL\. \d{2} : ISSUE \d{2}/);
    // Year boxes are <details>: they open and close without JavaScript too.
    const opened = await page.$$eval('details.year-box', (ds) => ds.map((d) => (d as HTMLDetailsElement).open));
    expect(opened).toEqual(years.map((_, i) => i < 2));
    await page.click('.year-title');
    expect(await page.$eval('details.year-box', (d) => (d as HTMLDetailsElement).open)).toBe(false);
    // The redirect replaced /archives, so Back returns to the page before it.
    await page.goBack({ waitUntil: 'networkidle0' });
    expect(path(page)).toBe('/board');
  });

  it("archives on a phone: 'All Issues' toggles the sidebar, which closes on a choice", async () => {
    await page.setViewport({ width: 400, height: 900 });
    const { latest } = d();
    await visit(page, `${base}/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`);
    const sidebarShown = () => page.$eval('#archive-sidebar', (n) => getComputedStyle(n).display !== 'none');
    expect(await sidebarShown()).toBe(false);
    await page.click('.all-issues-toggle');
    expect(await sidebarShown()).toBe(true);
    await page.click('#archive-sidebar .year-box li a');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#archive-sidebar')!).display === 'none');
  });

  it('issue page: heading, table, per-flag Subject column, buttons and citations', async () => {
    const { latest, articles, settings } = d();
    // Params carry a text prefix: the first number counts.
    await visit(page, `${base}/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`);
    const freq = articles.find((a) => a.frequency)?.frequency;
    const heading = `VOL. ${pad2(latest.volume)}, ISSUE ${pad2(latest.issue)} (${latest.year})${freq ? ` — ${cap(freq)}` : ''}`;
    expect(await page.$eval('#issue-heading', (h) => h.textContent)).toBe(heading);
    const headers = await page.$$eval('.article-table thead th', (th) => th.map((t) => t.textContent));
    expect(headers).toEqual(
      settings.flags.showSubject ? ['S.No.', 'Title and Authors Name', 'Subject', 'Country'] : ['S.No.', 'Title and Authors Name', 'Country'],
    );
    expect(await page.$$eval('.article-table tbody tr', (r) => r.length)).toBe(articles.length);
    const text = await pageText(page);
    expect(text.split('How to cite this article:').length - 1).toBe(articles.length);
    const abstractLinks = await page.$$eval('.article-table a', (as) => as.filter((a) => a.textContent === 'Abstract').map((a) => a.getAttribute('href')));
    expect(abstractLinks).toEqual(articles.map((a) => `/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}/${a.refnumber}`));
    const downloads = await page.$$eval('.article-table a', (as) => as.filter((a) => a.textContent === 'Download').length);
    expect(downloads).toBe(articles.filter((a) => a.file).length);
    for (const a of articles) expect(text).toContain(`Pages: ${a.pagenumber}`);
    // The same issue by bare numbers.
    await visit(page, `${base}/archives/${latest.year}/${latest.volume}/${latest.issue}`);
    expect(await page.$eval('#issue-heading', (h) => h.textContent)).toBe(heading);
  });

  it('article page: Abstract button scrolls to the abstract; meta tags; not found', async () => {
    const { latest, articles } = d();
    const a = articles[articles.length - 1]!;
    // A short window, so that even an article with a one-line abstract (the admin suite adds such
    // articles to this issue) has to scroll to show it.
    await page.setViewport({ width: 1280, height: 360 });
    await visit(page, `${base}/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`);
    const href = `/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}/${a.refnumber}`;
    await Promise.all([page.waitForSelector('#abstract'), page.click(`.article-table a[href="${href}"]`)]);
    await page.waitForNetworkIdle({ idleTime: 200 });
    const text = await pageText(page);
    expect(text).toContain(plain(a.title));
    expect(text).toContain('Authors');
    expect(text).toContain('Abstract');
    expect(text).toContain('How to cite this article:');
    // Scrolled down to the abstract (as far as the page's length allows).
    // Scrolling may be smooth: wait for it to arrive rather than reading it mid-way.
    await page.waitForFunction(
      () => {
        const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        return window.scrollY > 0 && (document.querySelector('#abstract')!.getBoundingClientRect().top < 200 || atBottom);
      },
      { timeout: 10_000 },
    );
    await page.setViewport({ width: 1280, height: 900 });
    const meta = await page.$$eval('meta[name^=citation_]', (ms) => ms.map((m) => [m.getAttribute('name'), m.getAttribute('content')]));
    const names = meta.map(([n]) => n);
    for (const n of ['citation_title', 'citation_author', 'citation_publication_date', 'citation_journal_title', 'citation_volume', 'citation_issue', 'citation_firstpage', 'citation_lastpage']) {
      expect(names).toContain(n);
    }
    expect(names.filter((n) => n === 'citation_author').length).toBe(a.authorname.split(',').filter((x) => x.trim()).length);
    if (a.file) expect(names).toContain('citation_pdf_url');

    await visit(page, `${base}/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}/999999999`);
    await waitForText(page, 'Article not found!');
  });

  it('search: title, count and query, table; the empty text', async () => {
    const { articles, settings } = d();
    const word = plain(articles[0]!.title).split(' ').find((w) => w.length > 4) ?? plain(articles[0]!.title).split(' ')[0]!;
    const results = await api<Article[]>(base, `/api/search?keyword=${encodeURIComponent(word)}`);
    await visit(page, `${base}/search?keyword=${encodeURIComponent(word)}`);
    expect(await page.title()).toContain('Search');
    expect(await page.title()).toContain(settings.websitename);
    const text = await pageText(page);
    expect(text).toContain(`${results.length} result`);
    expect(text).toContain(word);
    expect(await page.$$eval('.article-table tbody tr', (r) => r.length)).toBe(results.length);
    expect((await page.$$eval('.article-table thead th', (th) => th.map((t) => t.textContent))).includes('Subject')).toBe(settings.flags.showSubject);
    await visit(page, `${base}/search?keyword=zzqqxxnomatch`);
    await waitForText(page, NO_MATCH);
  });

  it('pdf page: the downloads once the record loads; empty otherwise', async () => {
    const { articles } = d();
    const a = articles[0]!;
    await visit(page, `${base}/pdf?refno=${a.refnumber}`);
    await waitForText(page, 'Download your Artcle, Certificate, Cover Page, Editorial Board');
    const buttons = await page.$$eval('.pdf-page button, .pdf-page a', (bs) => bs.map((b) => b.textContent));
    const authors = a.authorname.split(',').filter((x) => x.trim()).length;
    expect(buttons.filter((b) => b === 'Download Certificate').length).toBe(authors);
    expect(buttons).toEqual(expect.arrayContaining(['View Article', 'Download Cover Page', 'Download Editorial Board']));
    expect(buttons.includes('Download Article')).toBe(!!a.file);
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/pdf/certificate/${a.refnumber}/`), { timeout: 60_000 }),
      page.click('.pdf-page a[href^="/api/pdf/certificate/"]'),
    ]);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');

    await visit(page, `${base}/pdf?refno=999999999`);
    expect(await pageText(page)).not.toContain('Download your Artcle');
  });

  it('instructions, about and contact (WhatsApp query, owner notice per flag)', async () => {
    const s = d().settings;
    await visit(page, `${base}/instructions`);
    let text = await pageText(page);
    for (const t of ['MS Word format only', 'double-blind', 'two reviewers', 'maximum of 5 authors', 'maximum of 50 references', 'Open Access Policy', 'Plagiarism Policy', 'Other Countries']) {
      expect(text).toContain(t);
    }
    expect(text).toContain(s.websiteemail);
    await visit(page, `${base}/about`);
    expect(await pageText(page)).toContain('About Us');
    await visit(page, `${base}/contact`);
    text = await pageText(page);
    expect(text).toContain('Delhi, India');
    expect(text).toContain(s.websiteemail);
    if (s.whatsup_number) {
      const wa = await page.$eval('a[href^="https://wa.me/"]', (a) => a.getAttribute('href')!);
      expect(wa).toMatch(/^https:\/\/wa\.me\/\d+\?text=.+/);
    }
    const owner = await page.$('.owner-notice');
    if (s.flags.hideOwnerNotice) expect(owner).toBeNull();
    else if (s.flags.ownerNotice) expect(text).toContain(s.flags.ownerNotice);
  });

  it('privacy and terms scroll to the section passed by the footer link', async () => {
    await visit(page, `${base}/`);
    const link = await page.$$('footer a[href^="/terms-and-conditions#"]');
    const texts = await Promise.all(link.map((l) => l.evaluate((a) => a.textContent)));
    await link[texts.indexOf('Acceptable Use')]!.click();
    await page.waitForSelector('#acceptable-use');
    await page.waitForFunction(() => window.scrollY > 0 && Math.abs(document.getElementById('acceptable-use')!.getBoundingClientRect().top) < 60);
    const text = await pageText(page);
    for (const t of ['Use of Content', 'Acceptable Use', 'Security Rules', 'General Rules', 'Indemnity', 'Limitation of Liability', 'Disclaimer of Consequential Damages']) {
      expect(text).toContain(t);
    }
    expect(text).toContain(d().settings.websitename);
    await visit(page, `${base}/`);
    await page.click('footer a[href="/privacy-policy#privacy-policy"]');
    await page.waitForFunction(() => location.pathname === '/privacy-policy');
    expect(await pageText(page)).toContain('Privacy Policy');
  });

  it('has no serious or critical axe violations on home, archives, issue, article and search', async () => {
    const { latest, articles } = d();
    const issue = `/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`;
    for (const p of ['/', '/archives', issue, `${issue}/${articles[0]!.refnumber}`, `/search?keyword=${encodeURIComponent(plain(articles[0]!.title).split(' ')[0]!)}`]) {
      await visit(page, `${base}${p}`);
      await page.waitForNetworkIdle({ idleTime: 300 });
      expect({ page: p, violations: await seriousViolations(page) }).toEqual({ page: p, violations: [] });
    }
  });
});

import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { markRecentAuth, readZip, staffToken, until } from '@journal/testing';
import { counterTsv } from '../src/counter/counter-tsv';
import { SUSHI_REQUESTS_PER_MINUTE } from '../src/counter/counter.routes';
import { platformReport } from '../src/counter/counter-platform';
import { counterCommands } from '../src/cli/counter.commands';
import { articleDescriber, fillTitleRollup } from '../src/stats/title-rollup';
import { PlatformCustomerService } from '../src/counter/platform-customer.service';
import { SushiCustomerRepo } from '../src/counter/sushi-customer.repo';
import { makeJournal, startContent, stopContent } from './helpers';
import { counterSchemaErrors as schemaErrors, receiveLogged } from './counter-testkit';

/**
 * COUNTER R5.1 reports over SUSHI (docs/product.md#counter), from a seeded set of events whose
 * counts are worked out here by hand, through the same path as nginx's usage log (robots left out
 * by `hitOf`, then the recorder's double-click rule and sessions), and validated against COUNTER's
 * published JSON schemas (fixtures/counter, see its PROVENANCE.md).
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PAGE_A = '/archives/2024/vol1/issue1/701';
const PDF_A = '/assets/archives/2024/vol1issue1/701.pdf';
const PAGE_B = '/archives/2025/vol2/issue1/702';
const PDF_B = '/assets/archives/2025/vol2issue1/702.pdf?v=abcdefabcdef';

/**
 * The seeded events: [time, client, user agent, uri]. Counts by hand (Code of Practice 7.2 and 7.3):
 * - A (ref 701, 2024, the journal's CC BY: Open), 2025-03, client 1:
 *   views 10:00:00 and 10:00:10 are one double click (1), 11:10:00 another (1) → 2 views;
 *   downloads 10:05:00 and 10:05:20 one double click (1), 10:30:00 another (1) → 2 downloads.
 *   Total_Item_Investigations 4 (views and downloads), Total_Item_Requests 2; sessions
 *   (client and hour) 10h and 11h investigated it → Unique_Item_Investigations 2, only 10h
 *   downloaded it → Unique_Item_Requests 1.
 * - Googlebot's and an empty user agent's requests of A: robots, never counted.
 * - B (ref 702, 2025, all rights reserved: Free_To_Read), client 2: 2025-03-20 09:00 one download
 *   (TII 1, TIR 1, UII 1, UIR 1); 2025-04-02 12:00:00 a view and 12:00:40 a download in one
 *   session (TII 2, TIR 1, UII 1, UIR 1).
 */
const EVENTS: [string, string, string, string][] = [
  ['2025-03-03T10:00:00Z', '10.2.0.1', CHROME, PAGE_A],
  ['2025-03-03T10:00:10Z', '10.2.0.1', CHROME, PAGE_A],
  ['2025-03-03T10:05:00Z', '10.2.0.1', CHROME, PDF_A],
  ['2025-03-03T10:05:20Z', '10.2.0.1', CHROME, PDF_A],
  ['2025-03-03T10:30:00Z', '10.2.0.1', CHROME, PDF_A],
  ['2025-03-03T11:10:00Z', '10.2.0.1', CHROME, PAGE_A],
  ['2025-03-03T10:00:05Z', '10.2.0.9', GOOGLEBOT, PAGE_A],
  ['2025-03-03T10:10:00Z', '10.2.0.9', GOOGLEBOT, PDF_A],
  ['2025-03-04T08:00:00Z', '10.2.0.8', '', PDF_A],
  ['2025-03-20T09:00:00Z', '10.2.0.2', FIREFOX, PDF_B],
  ['2025-04-02T12:00:00Z', '10.2.0.2', FIREFOX, PAGE_B],
  ['2025-04-02T12:00:40Z', '10.2.0.2', FIREFOX, PDF_B],
];

const A_PERF = {
  Total_Item_Investigations: { '2025-03': 4 },
  Total_Item_Requests: { '2025-03': 2 },
  Unique_Item_Investigations: { '2025-03': 2 },
  Unique_Item_Requests: { '2025-03': 1 },
};
const B_PERF = {
  Total_Item_Investigations: { '2025-03': 1, '2025-04': 2 },
  Total_Item_Requests: { '2025-03': 1, '2025-04': 1 },
  Unique_Item_Investigations: { '2025-03': 1, '2025-04': 1 },
  Unique_Item_Requests: { '2025-03': 1, '2025-04': 1 },
};
/** A and B together. */
const SUM = {
  Total_Item_Investigations: { '2025-03': 5, '2025-04': 2 },
  Total_Item_Requests: { '2025-03': 3, '2025-04': 1 },
  Unique_Item_Investigations: { '2025-03': 3, '2025-04': 1 },
  Unique_Item_Requests: { '2025-03': 2, '2025-04': 1 },
};
const requestsOf = (p: Record<string, unknown>) => ({ Total_Item_Requests: p.Total_Item_Requests, Unique_Item_Requests: p.Unique_Item_Requests });

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let other: string;
let apiKey: string;
let otherKey: string;
const HOST = { 'x-journal-host': 'ctr1.test', host: 'ctr1.test' };

const manager = async (jid: string) => {
  const t = staffToken(jid);
  await markRecentAuth(app.config.REDIS_PREFIX, t);
  return { 'x-journal-id': jid, authorization: `Bearer ${t}`, ...HOST };
};
const sushi = (p: string, q: Record<string, string>, jid = J) =>
  request(app.url).get(p).query(q).set({ 'x-journal-id': jid, ...HOST });
const auth = () => ({ customer_id: 'lib-1', requestor_id: 'harvester-1', api_key: apiKey });
const period = { begin_date: '2025-03-01', end_date: '2025-04-30' };

beforeAll(async () => {
  app = await startContent({ STATS_COUNTING: 'on' });
  J = await makeJournal(app, 'ctr1', { issn: '1111-2222', journal_essn: '3333-444x', license: 'https://creativecommons.org/licenses/by/4.0/' });
  other = await makeJournal(app, 'ctr2');
  for (const [year, vol, ref, license] of [[2024, 1, '701', ''], [2025, 2, '702', 'http://rightsstatements.org/vocab/InC/1.0/']] as const) {
    await app.repos.issues.create(J, { year, volume: vol, issue: 1, frequency: 'january' });
    await app.repos.articles.create(J, {
      year, volume: vol, issue: 1, refnumber: ref, txnid: `t${ref}`, title: `Paper ${ref}`, status: 'enabled', pagenumber: '1-5',
      authorname: 'Asha Rao, Li Wei', pdf_url: `/assets/archives/${year}/vol${vol}issue1/${ref}.pdf`, publishdate: `${year}-01-15`, license, doi: `10.12345/ctr.${ref}`,
    });
  }
  await app.publisher.invalidate(J);
  // The usage of another journal on the same platform: never in ctr1's reports.
  await app.repos.issues.create(other, { year: 2024, volume: 1, issue: 1, frequency: 'january' });
  await app.repos.articles.create(other, { year: 2024, volume: 1, issue: 1, refnumber: '701', txnid: 'o701', title: 'Other', status: 'enabled', pagenumber: '1-2', authorname: 'X Y' });
  await app.publisher.invalidate(other);

  for (const [t, ip, ua, uri] of EVENTS) {
    receiveLogged(app, J, 'ctr1.test', [t, ip, ua, uri]);
    app.stats.receive({ journalId: other, target: { kind: 'view', ref: '701' }, ip, ua: ua || CHROME, ts: Date.parse(t) });
  }
  await app.stats.push();
  await app.stats.flush();

  const made = await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'University Library', customerId: 'lib-1', requestorId: 'harvester-1' });
  expect(made.status).toBe(201);
  apiKey = made.body.apiKey;
  const made2 = await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'College Library', customerId: 'lib-2' });
  otherKey = made2.body.apiKey;
}, 60_000);
afterAll(async () => {
  await stopContent(app);
});

describe('COUNTER R5.1 reports from the seeded events', () => {
  const report = async (id: string, q: Record<string, string> = {}) => {
    const r = await sushi(`/counter/r51/reports/${id}`, { ...auth(), ...period, ...q });
    expect([id, r.status]).toEqual([id, 200]);
    expect([id, schemaErrors(id.toUpperCase(), r.body)]).toEqual([id, []]);
    return r.body as { Report_Header: Record<string, unknown>; Report_Items: Record<string, unknown>[] };
  };
  const codes = (b: { Report_Header: Record<string, unknown> }) => ((b.Report_Header.Exceptions ?? []) as { Code: number }[]).map((e) => e.Code);

  it('TR: per year of publication and access type, robots and double clicks left out, unique items per session', async () => {
    const b = await report('tr', { attributes_to_show: 'YOP|Access_Type|Access_Method' });
    expect(b.Report_Items).toHaveLength(1);
    const t = b.Report_Items[0]!;
    expect(t.Title).toBe('Journal ctr1');
    expect(t.Item_ID).toEqual({ Print_ISSN: '1111-2222', Online_ISSN: '3333-444X', Proprietary: `jp:${J}`, URI: 'http://ctr1.test' });
    expect(t.Attribute_Performance).toEqual([
      { Data_Type: 'Journal', YOP: '2024', Access_Type: 'Open', Access_Method: 'Regular', Performance: A_PERF },
      { Data_Type: 'Journal', YOP: '2025', Access_Type: 'Free_To_Read', Access_Method: 'Regular', Performance: B_PERF },
    ]);
    // The world's usage (none is attributed to institutions), with the customer ID it was asked with.
    expect(b.Report_Header.Institution_Name).toBe('The World');
    expect(b.Report_Header.Institution_ID).toEqual({ Proprietary: ['jp:0000000000000000', 'jp:lib-1'] });
    expect(b.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ['YOP', 'Access_Type', 'Access_Method'] });
    expect(codes(b)).toEqual([]);
  });

  it('TR_J3 by access type; TR_J1 and TR_J4 (Controlled) have no usage on an open platform: 3030', async () => {
    const j3 = await report('tr_j3');
    expect(j3.Report_Items[0]!.Attribute_Performance).toEqual([
      { Access_Type: 'Free_To_Read', Performance: B_PERF },
      { Access_Type: 'Open', Performance: A_PERF },
    ]);
    for (const id of ['tr_j1', 'tr_j4']) {
      const b = await report(id);
      expect([id, b.Report_Items, codes(b)]).toEqual([id, [], [3030]]);
    }
  });

  it('PR and PR_P1: the platform sums', async () => {
    const sum = SUM;
    const pr = await report('pr', { attributes_to_show: 'Access_Method' });
    expect(pr.Report_Items).toEqual([{ Platform: 'Journal ctr1', Attribute_Performance: [{ Data_Type: 'Article', Access_Method: 'Regular', Performance: sum }] }]);
    const p1 = await report('pr_p1');
    expect(p1.Report_Items).toEqual([{ Platform: 'Journal ctr1', Attribute_Performance: [{ Data_Type: 'Article', Performance: requestsOf(sum) }] }]);
    const total = await report('pr', { granularity: 'Total' });
    expect((total.Report_Items[0]!.Attribute_Performance as { Performance: unknown }[])[0]!.Performance).toEqual({
      Total_Item_Investigations: { '2025-03': 7 },
      Total_Item_Requests: { '2025-03': 4 },
      Unique_Item_Investigations: { '2025-03': 4 },
      Unique_Item_Requests: { '2025-03': 3 },
    });
  });

  it('IR and IR_A1: per article, under the journal when the parent is shown', async () => {
    const ir = await report('ir', { attributes_to_show: 'Access_Type|YOP|Authors|Publication_Date', include_parent_details: 'True' });
    expect(ir.Report_Items).toHaveLength(1);
    const items = ir.Report_Items[0]!.Items as Record<string, unknown>[];
    expect(items.map((i) => [i.Item, i.Item_ID, i.Authors, i.Publication_Date, i.Attribute_Performance])).toEqual([
      ['Paper 701', { DOI: '10.12345/ctr.701', Proprietary: `jp:${J}/701`, URI: `http://ctr1.test${PAGE_A}` }, [{ Name: 'Asha Rao' }, { Name: 'Li Wei' }], '2024-01-15',
        [{ Data_Type: 'Article', YOP: '2024', Access_Type: 'Open', Performance: A_PERF }]],
      ['Paper 702', { DOI: '10.12345/ctr.702', Proprietary: `jp:${J}/702`, URI: `http://ctr1.test${PAGE_B}` }, [{ Name: 'Asha Rao' }, { Name: 'Li Wei' }], '2025-01-15',
        [{ Data_Type: 'Article', YOP: '2025', Access_Type: 'Free_To_Read', Performance: B_PERF }]],
    ]);
    const a1 = await report('ir_a1');
    const a1Items = a1.Report_Items[0]!.Items as Record<string, unknown>[];
    expect(a1Items.map((i) => i.Attribute_Performance)).toEqual([
      [{ Access_Type: 'Open', Performance: requestsOf(A_PERF) }],
      [{ Access_Type: 'Free_To_Read', Performance: requestsOf(B_PERF) }],
    ]);
  });

  it('filters by access type, year of publication and metric; dates outside the data, unknown parameters and bad values are exceptions in the header', async () => {
    const open = await report('tr', { access_type: 'Open', metric_type: 'Total_Item_Requests|Unique_Item_Requests' });
    expect(open.Report_Items[0]!.Attribute_Performance).toEqual([{ Data_Type: 'Journal', Performance: requestsOf(A_PERF) }]);
    const y2025 = await report('ir', { yop: '2025' });
    expect((y2025.Report_Items[0]!.Items as { Item: string }[]).map((i) => i.Item)).toEqual(['Paper 702']);
    const before = await report('tr', { begin_date: '2019-01', end_date: '2019-12' });
    expect([before.Report_Items, codes(before)]).toEqual([[], [3030]]);
    const future = await report('pr', { begin_date: '2025-03', end_date: '2999-01' });
    expect(codes(future)).toEqual([3031]);
    expect((future.Report_Items[0]!.Attribute_Performance as { Performance: { Total_Item_Requests: unknown } }[])[0]!.Performance.Total_Item_Requests).toEqual({ '2025-03': 3, '2025-04': 1 });
    const odd = await report('tr_j3', { access_type: 'Open' });
    expect(codes(odd)).toEqual([3050]);
    const bad = await report('tr', { access_type: 'Paywalled', yop: 'soon', attributes_to_show: 'Colour' });
    expect(codes(bad).sort()).toEqual([3060, 3062]);
    // The bad values are ignored: every access type and year, no attribute shown, so A and B summed.
    expect(bad.Report_Items[0]!.Attribute_Performance).toEqual([{ Data_Type: 'Journal', Performance: SUM }]);
  });
});

describe('a period of past months: the months asked for, no other', () => {
  // April alone: B's view and download of 2025-04-02 (TII 2, TIR 1, UII 1, UIR 1); March's usage is out.
  const APRIL = { Total_Item_Investigations: { '2025-04': 2 }, Total_Item_Requests: { '2025-04': 1 }, Unique_Item_Investigations: { '2025-04': 1 }, Unique_Item_Requests: { '2025-04': 1 } };
  // March alone: B's download of the 20th (TII 1, TIR 1, UII 1, UIR 1); April's view and download are out.
  const B_MARCH = { Total_Item_Investigations: { '2025-03': 1 }, Total_Item_Requests: { '2025-03': 1 }, Unique_Item_Investigations: { '2025-03': 1 }, Unique_Item_Requests: { '2025-03': 1 } };
  const perfs = (b: { Report_Items: Record<string, unknown>[] }) =>
    b.Report_Items.flatMap((t) => [t, ...((t.Items as Record<string, unknown>[] | undefined) ?? [])]).flatMap((t) => ((t.Attribute_Performance as { Performance: unknown }[] | undefined) ?? []).map((p) => p.Performance));
  // The admin's reads (the same reports as the customer's, without its requests a minute).
  const ask = async (id: string, month: string, q: Record<string, string> = {}) => {
    const r = await request(app.url).get(`/api/admin/counter/reports/${id}`).query({ begin_date: `${month}-01`, end_date: month, ...q }).set(await manager(J));
    expect([id, r.status, schemaErrors(id.toUpperCase(), r.body)]).toEqual([id, 200, []]);
    expect([id, r.body.Report_Header.Report_Filters.Begin_Date, r.body.Report_Header.Report_Filters.End_Date]).toEqual([id, `${month}-01`, `${month}-${month.endsWith('04') ? '30' : '31'}`]);
    return r.body;
  };

  it('in every report, whether the item months are read from the article-months or stored', async () => {
    for (const round of ['read', 'stored']) {
      expect([round, perfs(await ask('pr', '2025-04'))]).toEqual([round, [APRIL]]);
      expect([round, perfs(await ask('pr_p1', '2025-04'))]).toEqual([round, [requestsOf(APRIL)]]);
      expect([round, perfs(await ask('tr', '2025-04'))]).toEqual([round, [APRIL]]);
      expect([round, perfs(await ask('tr_j3', '2025-04'))]).toEqual([round, [APRIL]]);
      expect([round, perfs(await ask('pr', '2025-04', { granularity: 'Total' }))]).toEqual([round, [APRIL]]);
      expect([round, perfs(await ask('ir', '2025-04'))]).toEqual([round, [APRIL]]);
      expect([round, perfs(await ask('ir_a1', '2025-04'))]).toEqual([round, [requestsOf(APRIL)]]);
      expect([round, perfs(await ask('ir', '2025-03'))]).toEqual([round, [A_PERF, B_MARCH]]);
      expect([round, perfs(await ask('tr_j3', '2025-03'))]).toEqual([round, [B_MARCH, A_PERF]]);
    }
    expect((await app.repos.stats.storedItemMonths(J, ['2025-03', '2025-04'])).rows.size).toBe(2);
  });
});

describe('platform-wide reports (the operator\'s `jp counter report`)', () => {
  it('PR of the platform is the sum of its journals\' PRs; TR lists each journal; item reports are the platform API\'s', async () => {
    const journals = [(await app.journals.findBySlug('ctr1'))!, (await app.journals.findBySlug('ctr2'))!];
    const q = { begin_date: '2025-03', end_date: '2025-04' };
    const pr = await platformReport(app.repos.stats, journals, 'pr', q, { platform: 'Journal platform' });
    expect(schemaErrors('PR', pr)).toEqual([]);
    const perJournal = await Promise.all(journals.map((j) => platformReport(app.repos.stats, [j], 'pr', q, { platform: 'Journal platform' })));
    type Perf = Record<string, Record<string, number>>;
    const perfOf = (r: { Report_Items: unknown[] }) => ((r.Report_Items[0] as { Attribute_Performance: { Performance: Perf }[] }).Attribute_Performance[0]!.Performance);
    const summed: Perf = {};
    for (const r of perJournal) for (const [m, c] of Object.entries(perfOf(r))) for (const [k, v] of Object.entries(c)) ((summed[m] ??= {})[k] = (summed[m]![k] ?? 0) + v);
    expect(perfOf(pr)).toEqual(summed);
    expect(perfOf(perJournal[0]!)).toEqual(SUM);
    const tr = await platformReport(app.repos.stats, journals, 'tr', q, { platform: 'Journal platform' });
    expect(schemaErrors('TR', tr)).toEqual([]);
    expect(tr.Report_Items.map((t) => (t as { Title: string }).Title)).toEqual(['Journal ctr1', 'Journal ctr2']);
    await expect(platformReport(app.repos.stats, journals, 'ir', q, { platform: 'Journal platform' })).rejects.toThrow(/SUSHI API/);
  });
});

describe('COUNTER_SUSHI API: status, members, reports and who may ask', () => {
  it('status without credentials; members and the report list for a customer', async () => {
    const s = await sushi('/counter/r51/status', {});
    expect(s.status).toBe(200);
    expect(schemaErrors('Status', s.body[0])).toEqual([]);
    const m = await sushi('/counter/r51/members', auth());
    expect(m.body).toEqual([{ Customer_ID: 'lib-1', Institution_Name: 'University Library' }]);
    expect(schemaErrors('Member', m.body[0])).toEqual([]);
    const list = await sushi('/counter/r51/reports', auth());
    expect(list.body.map((x: { Report_ID: string }) => x.Report_ID)).toEqual(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR', 'IR_A1']);
    for (const x of list.body) expect(schemaErrors('Report', x)).toEqual([]);
    expect(list.body[0].First_Month_Available).toBe('2025-03');
  });

  it('answers bad credentials, dates and reports with the exceptions and statuses the API defines', async () => {
    const cases: [string, Record<string, string>, number, number, string?][] = [
      ['/counter/r51/reports/tr', { ...period }, 400, 1030],
      ['/counter/r51/reports/tr', { ...period, customer_id: 'nobody', api_key: apiKey }, 403, 2010],
      ['/counter/r51/reports/tr', { ...period, customer_id: 'lib-1', api_key: apiKey }, 401, 2000],
      ['/counter/r51/reports/tr', { ...period, customer_id: 'lib-1', requestor_id: 'harvester-1' }, 401, 2020],
      // Another institution's key.
      ['/counter/r51/reports/tr', { ...period, customer_id: 'lib-1', requestor_id: 'harvester-1', api_key: otherKey }, 401, 2020],
      ['/counter/r51/reports/tr', { ...auth(), begin_date: '2025-03-01' }, 400, 1030],
      ['/counter/r51/reports/tr', { ...auth(), begin_date: '2025-13-01', end_date: '2025-12-31' }, 400, 3020],
      ['/counter/r51/reports/tr', { ...auth(), begin_date: '2025-02-30', end_date: '2025-12-31' }, 400, 3020],
      ['/counter/r51/reports/tr', { ...auth(), begin_date: '2025-05-01', end_date: '2025-03-31' }, 400, 3020],
      ['/counter/r51/reports/dr', { ...auth(), ...period }, 404, 3000],
      // The customer is another journal's.
      ['/counter/r51/reports/tr', { ...auth(), ...period }, 403, 2010, other],
      ['/counter/r51/members', { customer_id: 'lib-2', api_key: apiKey }, 401, 2020],
    ];
    for (const [p, q, status, code, jid] of cases) {
      const r = await sushi(p, q, jid ?? J);
      expect([p, q, r.status, r.body.Code]).toEqual([p, q, status, code]);
      expect(schemaErrors('Exception', r.body)).toEqual([]);
    }
    const lib2 = await sushi('/counter/r51/reports/pr', { customer_id: 'lib-2', api_key: otherKey, ...period });
    expect([lib2.status, lib2.body.Report_Header.Institution_ID]).toEqual([200, { Proprietary: ['jp:0000000000000000', 'jp:lib-2'] }]);
  });

  it('an item report not read within the wait is queued (1011, 202), read on meanwhile, and served when asked again', async () => {
    // A replica that waits for nothing: every first item report of a period is queued.
    const eager = await startContent({ MONGO_DB: app.config.MONGO_DB, REDIS_PREFIX: app.config.REDIS_PREFIX, COUNTER_ITEM_WAIT_MS: 0 });
    // A customer of its own: asking again and again must not use up another's requests a minute.
    const made = await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'Patient Library', customerId: 'patient' });
    try {
      const ask = () => request(eager.url).get('/counter/r51/reports/ir_a1').query({ customer_id: 'patient', api_key: made.body.apiKey as string, ...period }).set({ 'x-journal-id': J, ...HOST });
      const first = await ask();
      expect([first.status, first.body, first.headers['retry-after']]).toEqual([202, { Code: 1011, Message: 'Report Queued for Processing', Data: expect.any(String) }, '30']);
      expect(schemaErrors('Exception', first.body)).toEqual([]);
      let served = first;
      await until(async () => (served = await ask()).status === 200, 'the queued report', 30_000, 500);
      expect(schemaErrors('IR_A1', served.body)).toEqual([]);
      expect((served.body.Report_Items[0].Items as unknown[]).length).toBe(2);
    } finally {
      // Only the process: the database and Redis keys are the suite's.
      await eager.stop();
    }
  });

  it('is rate-limited per customer: past the limit a minute, 429 with 1020', async () => {
    const made = await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'Busy Library', customerId: 'busy' });
    const q = { customer_id: 'busy', api_key: made.body.apiKey as string };
    // Twice the limit and one more fall in at most two windows of a minute: one of them overflows.
    const answers = [];
    for (let i = 0; i <= 2 * SUSHI_REQUESTS_PER_MINUTE; i++) answers.push(await sushi('/counter/r51/members', q));
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.body).toEqual({ Code: 1020, Message: 'Client has made too many requests', Data: `At most ${SUSHI_REQUESTS_PER_MINUTE} requests a minute` });
    expect(limited.headers['retry-after']).toBe('60');
    expect(schemaErrors('Exception', limited.body)).toEqual([]);
    // Another customer is not held back.
    expect((await sushi('/counter/r51/members', auth())).status).toBe(200);
  });
});

describe('the admin: SUSHI customers and tabular reports', () => {
  it('a manager lists and removes customers (the key is never listed); editors read reports, not customers', async () => {
    const list = await request(app.url).get('/api/admin/counter/customers').set(await manager(J));
    expect(list.body.map((c: { customerId: string }) => c.customerId).sort()).toEqual(['busy', 'lib-1', 'lib-2', 'patient']);
    expect(JSON.stringify(list.body)).not.toContain(apiKey);
    expect((await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'Again', customerId: 'lib-1' })).status).toBe(409);
    expect((await request(app.url).post('/api/admin/counter/customers').set(await manager(J)).send({ name: 'x', customerId: 'bad id' })).status).toBe(400);
    const editor = { 'x-journal-id': J, authorization: `Bearer ${staffToken(J, 'ed', undefined, 'editor')}`, ...HOST };
    expect((await request(app.url).get('/api/admin/counter/customers').set(editor)).status).toBe(403);
    expect((await request(app.url).get('/api/admin/counter/reports/tr_j3').query(period).set(editor)).status).toBe(200);
    expect((await request(app.url).get('/api/admin/counter/customers').set({ 'x-journal-id': J, ...HOST })).status).toBe(401);
    const busy = list.body.find((c: { customerId: string }) => c.customerId === 'busy');
    expect((await request(app.url).delete(`/api/admin/counter/customers/${busy.id}`).set(await manager(J))).status).toBe(204);
    // Another journal's manager cannot remove it.
    const lib2 = list.body.find((c: { customerId: string }) => c.customerId === 'lib-2');
    expect((await request(app.url).delete(`/api/admin/counter/customers/${lib2.id}`).set({ ...(await manager(other)) })).status).toBe(404);
    const logged = (await app.deps.activity.since(J, undefined)).filter((e) => e.kind === 'counter.customer');
    expect(logged.length).toBe(5);
    expect(JSON.stringify(logged)).not.toContain(apiKey);
  });

  it('TSV: the header rows, a blank row, the headings and a row per attribute set and metric', async () => {
    const r = await request(app.url).get('/api/admin/counter/reports/tr').query({ ...period, attributes_to_show: 'YOP|Access_Type', format: 'tsv' }).set(await manager(J));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/tab-separated-values/);
    const lines = r.text.trimEnd().split('\n');
    expect(lines[0]).toBe('Report_Name\tTitle Report');
    expect(lines[3]).toBe('Institution_Name\tThe World');
    expect(lines[9]).toBe('Reporting_Period\tBegin_Date=2025-03-01; End_Date=2025-04-30');
    expect(lines[13]).toBe('');
    expect(lines[14]!.split('\t')).toEqual(['Title', 'Publisher', 'Platform', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN', 'URI', 'Data_Type', 'YOP', 'Access_Type', 'Metric_Type', 'Reporting_Period_Total', 'Mar-2025', 'Apr-2025']);
    const row = (yop: string, metric: string) => lines.slice(15).map((l) => l.split('\t')).find((c) => c[8] === yop && c[10] === metric)!.slice(11);
    expect(row('2024', 'Total_Item_Investigations')).toEqual(['4', '4', '0']);
    expect(row('2025', 'Total_Item_Requests')).toEqual(['2', '1', '1']);
    expect(lines.slice(15)).toHaveLength(8);
    expect(counterTsv({ Report_Header: { Report_ID: 'PR', Report_Filters: { Begin_Date: '2025-01-01', End_Date: '2025-01-31' } }, Report_Items: [] }).split('\n')[14]).toBe('Platform\tMetric_Type\tReporting_Period_Total\tJan-2025');
  });

  it('XLSX: the same rows in one sheet, counts as numbers', async () => {
    const q = { ...period, attributes_to_show: 'YOP|Access_Type' };
    const tsv = (await request(app.url).get('/api/admin/counter/reports/tr').query({ ...q, format: 'tsv' }).set(await manager(J))).text;
    const r = await request(app.url).get('/api/admin/counter/reports/tr').query({ ...q, format: 'xlsx' }).set(await manager(J)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toBe('attachment; filename="TR_2025-03-01_2025-04-30.xlsx"');
    const files = new Map(readZip(r.body as Buffer).map((f) => [f.name, f.data.toString('utf8')]));
    expect([...files.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    for (const text of files.values()) expect(XMLValidator.validate(text)).toBe(true);
    const sheet = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'row' || n === 'c' }).parse(files.get('xl/worksheets/sheet1.xml')!);
    type Cell = { v?: string | number; is?: { t: string | { '#text'?: string } } };
    const text = (c: Cell) => String(c.v ?? (typeof c.is?.t === 'object' ? (c.is.t['#text'] ?? '') : (c.is?.t ?? '')));
    const rows = (sheet.worksheet.sheetData.row as { c?: Cell[] }[]).map((row) => (row.c ?? []).map(text));
    // Each report is stamped when it is made: the two requests may fall in different seconds.
    const unstamped = (table: string[][]) => table.map((r) => (r[0] === 'Created' ? ['Created', expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)] : r));
    expect(rows).toEqual(unstamped(tsv.trimEnd().split('\n').map((l) => (l ? l.split('\t') : []))));
    const body = (sheet.worksheet.sheetData.row as { c: Cell[] }[])[15]!.c;
    expect(body.filter((c) => c.v !== undefined).length).toBeGreaterThan(0);
  });
});

/**
 * ctr2's usage: every seeded event is also a view of its article 701 (2024, no licence:
 * Free_To_Read), robots' and the empty user agent's too (they go to the recorder, not through
 * `hitOf`). By hand, 2025-03: client 10.2.0.1 views at 10:00:00/10:00:10 (one), 10:05:00/10:05:20
 * (one), 10:30, 11:10 → 4, sessions 10h and 11h; 10.2.0.9 at 10:00:05 and 10:10 → 2, one session;
 * 10.2.0.8 → 1; 10.2.0.2 on the 20th → 1: 8 views, 5 sessions. 2025-04: 10.2.0.2 at 12:00:00 and
 * 12:00:40 (40 s apart: two) → 2 views, one session.
 */
const OTHER_PERF = { Total_Item_Investigations: { '2025-03': 8, '2025-04': 2 }, Unique_Item_Investigations: { '2025-03': 5, '2025-04': 1 } };

describe('the platform-wide COUNTER_SUSHI API (/counter/platform/r51, the platform host\'s)', () => {
  let customers: PlatformCustomerService;
  const keys: Record<string, string> = {};
  const platform = (p: string, q: Record<string, string>, headers: Record<string, string> = {}) => request(app.url).get(`/counter/platform/r51${p}`).query(q).set(headers);
  const as = (id: string) => ({ customer_id: id, api_key: keys[id]! });
  const report = async (id: string, who: string, q: Record<string, string> = {}) => {
    const r = await platform(`/reports/${id}`, { ...as(who), ...period, ...q });
    expect([id, r.status]).toEqual([id, 200]);
    expect([id, schemaErrors(id.toUpperCase(), r.body)]).toEqual([id, []]);
    return r.body as { Report_Header: Record<string, unknown>; Report_Items: Record<string, unknown>[] };
  };
  const codes = (b: { Report_Header: Record<string, unknown> }) => ((b.Report_Header.Exceptions ?? []) as { Code: number }[]).map((e) => e.Code);

  beforeAll(async () => {
    customers = new PlatformCustomerService(new SushiCustomerRepo(app.deps.conn), app.journals);
    for (const [customerId, journals, requestorId] of [['consortium', ['*'], 'h-1'], ['ctr1-only', ['ctr1'], ''], ['ctr2-only', ['ctr2'], '']] as const) {
      keys[customerId] = (await customers.create({ name: `Library ${customerId}`, customerId, requestorId, journals, allUsage: true })).apiKey;
    }
  });

  it('the operator\'s customers: journals by slug, an unknown slug or a taken ID refused, the key never listed', async () => {
    const list = await customers.list();
    expect(list.map((c) => [c.customerId, c.journals])).toEqual([['consortium', ['*']], ['ctr1-only', ['ctr1']], ['ctr2-only', ['ctr2']]]);
    expect(JSON.stringify(list)).not.toContain(keys.consortium);
    await expect(customers.create({ name: 'Nobody', customerId: 'x', journals: ['no-such-journal'], allUsage: true })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('no-such-journal') });
    await expect(customers.create({ name: 'Again', customerId: 'consortium', journals: ['*'], allUsage: true })).rejects.toMatchObject({ status: 409 });
    await expect(customers.create({ name: 'Both', customerId: 'y', journals: ['*', 'ctr1'] })).rejects.toMatchObject({ status: 400 });
    await expect(customers.create({ name: 'None', customerId: 'z', journals: [] })).rejects.toMatchObject({ status: 400 });
    // A journal's customers are not the platform's, nor the other way round.
    expect((await platform('/members', auth())).body.Code).toBe(2010);
    expect((await sushi('/counter/r51/members', as('ctr1-only'))).body.Code).toBe(2010);
  });

  it('status, members and the report list; a journal named in the request is refused', async () => {
    const s = await platform('/status', {});
    expect([s.status, s.body]).toEqual([200, [{ Description: 'COUNTER Release 5.1 usage reports of Journal platform', Service_Active: true }]]);
    const m = await platform('/members', { ...as('consortium'), requestor_id: 'h-1' });
    expect(m.body).toEqual([{ Customer_ID: 'consortium', Institution_Name: 'Library consortium' }]);
    const list = await platform('/reports', as('ctr2-only'));
    expect(list.body.map((x: { Report_ID: string }) => x.Report_ID)).toEqual(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR', 'IR_A1']);
    expect(list.body[0].First_Month_Available).toBe('2025-03');
    for (const x of list.body) expect(schemaErrors('Report', x)).toEqual([]);
    // Only the gateway names the platform (no journal): a request for a journal never reaches it.
    expect((await platform('/status', {}, { 'x-journal-id': J })).status).toBe(404);
  });

  it('PR of every journal sums ctr1 and ctr2, TR lists both, IR_A1 groups the articles under their journal (ctr2\'s were only viewed: no requests)', async () => {
    const pr = await report('pr', 'consortium', { requestor_id: 'h-1' });
    expect(pr.Report_Items).toEqual([
      {
        Platform: 'Journal platform',
        Attribute_Performance: [
          {
            Data_Type: 'Article',
            Performance: {
              Total_Item_Investigations: { '2025-03': 5 + 8, '2025-04': 2 + 2 },
              Total_Item_Requests: { '2025-03': 3, '2025-04': 1 },
              Unique_Item_Investigations: { '2025-03': 3 + 5, '2025-04': 1 + 1 },
              Unique_Item_Requests: { '2025-03': 2, '2025-04': 1 },
            },
          },
        ],
      },
    ]);
    expect(pr.Report_Header.Created_By).toBe('Journal platform');
    expect(pr.Report_Header.Institution_ID).toEqual({ Proprietary: ['jp:0000000000000000', 'jp:consortium'] });
    const tr = await report('tr', 'consortium', { requestor_id: 'h-1' });
    expect(tr.Report_Items.map((t) => [t.Title, t.Platform, (t.Item_ID as { URI: string }).URI, (t.Attribute_Performance as { Performance: unknown }[])[0]!.Performance])).toEqual([
      ['Journal ctr1', 'Journal platform', 'http://ctr1.test', SUM],
      ['Journal ctr2', 'Journal platform', expect.stringMatching(/^http:\/\/ctr2/), OTHER_PERF],
    ]);
    const a1 = await report('ir_a1', 'consortium', { requestor_id: 'h-1' });
    expect(a1.Report_Items.map((t) => [t.Title, (t.Items as { Item: string }[]).map((i) => i.Item)])).toEqual([
      ['Journal ctr1', ['Paper 701', 'Paper 702']],
    ]);
    const ir = await report('ir', 'consortium', { requestor_id: 'h-1', include_parent_details: 'True' });
    expect(ir.Report_Items.map((t) => [t.Title, (t.Items as { Item: string }[]).map((i) => i.Item)])).toEqual([
      ['Journal ctr1', ['Paper 701', 'Paper 702']],
      ['Journal ctr2', ['Other']],
    ]);
    expect(((ir.Report_Items[1]!.Items as { Attribute_Performance: { Performance: unknown }[] }[])[0]!).Attribute_Performance[0]!.Performance).toEqual(OTHER_PERF);
  });

  it('nothing of a journal the customer may not harvest', async () => {
    const pr = await report('pr', 'ctr1-only');
    expect((pr.Report_Items[0]!.Attribute_Performance as { Performance: unknown }[])[0]!.Performance).toEqual(SUM);
    for (const id of ['tr', 'tr_j3', 'ir']) {
      const b = await report(id, 'ctr2-only', id === 'ir' ? { include_parent_details: 'True' } : {});
      expect([id, b.Report_Items.map((t) => t.Title)]).toEqual([id, ['Journal ctr2']]);
      expect(JSON.stringify(b)).not.toMatch(/ctr1|Paper 70/);
    }
    // ctr2's article was viewed, never downloaded: no requests of any journal it may harvest.
    const a1 = await report('ir_a1', 'ctr2-only');
    expect([a1.Report_Items, codes(a1)]).toEqual([[], [3030]]);
  });

  it('answers bad credentials, dates, reports and filters with the exceptions and statuses the API defines', async () => {
    const cases: [string, Record<string, string>, number, number][] = [
      ['/reports/pr', { ...period }, 400, 1030],
      ['/reports/pr', { ...period, customer_id: 'nobody', api_key: 'x'.repeat(32) }, 403, 2010],
      ['/reports/pr', { ...period, ...as('consortium') }, 401, 2000],
      ['/reports/pr', { ...period, customer_id: 'consortium', requestor_id: 'h-1' }, 401, 2020],
      // Another institution's key.
      ['/reports/pr', { ...period, customer_id: 'ctr1-only', api_key: keys['ctr2-only']! }, 401, 2020],
      ['/reports/pr', { ...as('ctr1-only'), begin_date: '2025-03-01' }, 400, 1030],
      ['/reports/pr', { ...as('ctr1-only'), begin_date: '2025-04', end_date: '2025-03' }, 400, 3020],
      ['/reports/pr', { ...as('ctr1-only'), begin_date: '03/2025', end_date: '2025-04' }, 400, 3020],
      ['/reports/dr', { ...as('ctr1-only'), ...period }, 404, 3000],
    ];
    for (const [p, q, status, code] of cases) {
      const r = await platform(p, q);
      expect([p, q, r.status, r.body.Code]).toEqual([p, q, status, code]);
      expect(schemaErrors('Exception', r.body)).toEqual([]);
    }
    const before = await report('tr', 'ctr1-only', { begin_date: '2019-01', end_date: '2019-12' });
    expect([before.Report_Items, codes(before)]).toEqual([[], [3030]]);
    const bad = await report('tr', 'ctr1-only', { access_type: 'Paywalled', colour: 'red' });
    expect(codes(bad).sort()).toEqual([3050, 3060]);
    expect((bad.Report_Items[0]!.Attribute_Performance as { Performance: unknown }[])[0]!.Performance).toEqual(SUM);
  });

  it('is rate-limited per customer, apart from the journals\' APIs', async () => {
    const answers = [];
    for (let i = 0; i <= 2 * SUSHI_REQUESTS_PER_MINUTE; i++) answers.push(await platform('/members', as('ctr2-only')));
    const limited = answers.find((r) => r.status === 429)!;
    expect([limited.body.Code, limited.headers['retry-after']]).toEqual([1020, '60']);
    expect((await platform('/members', as('ctr1-only'))).status).toBe(200);
  });

  it('the operator\'s commands: jp counter customer add, list, update and remove; the platform report as an XLSX file', async () => {
    const commands = counterCommands(async () => ({ journals: app.journals, stats: app.repos.stats, describe: async () => new Map(), platformCustomers: customers }));
    const run = (words: string, args: Record<string, string | boolean>) => commands.find((c) => c.words.join(' ') === words)!.run(args, undefined as never);
    const added = await run('counter customer add', { 'customer-id': 'cli-1', name: 'Shell Library', journals: 'ctr1, ctr2', 'all-usage': true });
    const key = /API key \(shown once\): (\S+)/.exec(added.text)![1]!;
    expect((await platform('/members', { customer_id: 'cli-1', api_key: key })).body).toEqual([{ Customer_ID: 'cli-1', Institution_Name: 'Shell Library' }]);
    expect((await run('counter customer list', {})).text).toMatch(/^cli-1 +Shell Library \(requestor -; journals ctr1, ctr2; all usage\)$/m);
    expect((await run('counter customer update', { 'customer-id': 'cli-1', journals: '*', 'requestor-id': 'shell' })).text).toMatch(/cli-1 +Shell Library \(requestor shell; journals \*; all usage\)/);
    await expect(run('counter customer add', { 'customer-id': 'cli-2', name: 'Nobody', journals: 'ctr9', 'all-usage': true })).rejects.toThrow('No journal with the slug ctr9');
    // Neither ranges nor all usage: which of the two is said, never guessed.
    await expect(run('counter customer add', { 'customer-id': 'cli-3', name: 'Unsaid', journals: 'ctr1' })).rejects.toThrow(/IP ranges, or report it all usage/);
    await run('counter customer remove', { 'customer-id': 'cli-1' });
    expect((await platform('/members', { customer_id: 'cli-1', api_key: key })).body.Code).toBe(2010);
    const file = path.join(tmpdir(), `tr-${process.pid}.xlsx`);
    try {
      expect((await run('counter report', { report: 'tr', begin: '2025-03', end: '2025-04', xlsx: file })).text).toBe(`written to ${file}`);
      const names = readZip(readFileSync(file)).map((f) => f.name);
      expect(names).toContain('xl/worksheets/sheet1.xml');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('the operator changes a customer\'s journals and removes it: its key stops working', async () => {
    const c = await customers.update('ctr1-only', { journals: ['ctr2'] });
    expect(c.journals).toEqual(['ctr2']);
    const tr = await report('tr', 'ctr1-only');
    expect(tr.Report_Items.map((t) => t.Title)).toEqual(['Journal ctr2']);
    await customers.remove('ctr1-only');
    expect((await platform('/members', as('ctr1-only'))).body.Code).toBe(2010);
    await expect(customers.remove('ctr1-only')).rejects.toMatchObject({ status: 404 });
  });
});

describe('months counted before the rollup existed (`jp counter rollup`)', () => {
  // Last: it adds months to the journal's usage.
  it('are summed into it once; months it already holds are left alone', async () => {
    const a = (await app.repos.articles.findByRef(J, '701'))!;
    // Counted by an earlier release: the articles' counts only, no unique items.
    await app.repos.stats.add([{ journalId: J, articleId: a.id, month: '2024-06', views: 3, downloads: 2, uii: 0, uir: 0 }]);
    await app.repos.stats.add([{ journalId: J, articleId: a.id, month: '2025-03', views: 100, downloads: 100, uii: 0, uir: 0 }]);
    const describe = articleDescriber((jid, id) => app.repos.articles.findById(jid, id), async (jid) => (await app.journals.findById(jid))?.license);
    expect(await fillTitleRollup(app.repos.stats, describe, J)).toEqual({ months: ['2024-06'] });
    expect(await fillTitleRollup(app.repos.stats, describe, J)).toEqual({ months: [] });
    const r = await sushi('/counter/r51/reports/tr_j3', { ...auth(), begin_date: '2024-06', end_date: '2024-06' });
    expect(r.body.Report_Items[0].Attribute_Performance).toEqual([
      { Access_Type: 'Open', Performance: { Total_Item_Investigations: { '2024-06': 5 }, Total_Item_Requests: { '2024-06': 2 } } },
    ]);
    // 2025-03 was rolled up by the counting: the rollup does not take the articles' later counts again.
    const march = await sushi('/counter/r51/reports/tr_j3', { ...auth(), begin_date: '2025-03', end_date: '2025-03' });
    expect(march.body.Report_Items[0].Attribute_Performance[1].Performance.Total_Item_Requests).toEqual({ '2025-03': 2 });
  });
});

import request from 'supertest';
import { ipRange, sushiCustomerInputSchema } from '@journal/contracts';
import { markRecentAuth, staffToken } from '@journal/testing';
import { hitTarget } from '../src/stats/hit-target';
import { institutionOf, rangeTable } from '../src/counter/institution-ranges';
import { counterCommands } from '../src/cli/counter.commands';
import { makeJournal, startContent, stopContent } from './helpers';
import { counterSchemaErrors as schemaErrors, receiveLogged } from './counter-testkit';

/**
 * COUNTER usage attributed to institutions by their IP ranges, and the platform's searches
 * (docs/product.md#counter): seeded events through nginx's usage-log path, counts worked out here
 * by hand, answers validated against COUNTER's published schemas (fixtures/counter).
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const PAGE = '/archives/2024/vol1/issue1/801';
const PDF = '/assets/archives/2024/vol1issue1/801.pdf';

/**
 * [time, address, user agent, uri]. By hand:
 * - 10.9.1.1 (University: 10.9.0.0/16), 2025-03: a view, a download (one session: TII 2, TIR 1,
 *   UII 1, UIR 1); searches "Cells" 10:20:00 and "cells " 10:20:10 (one search: the same terms in
 *   the double-click window) and "enzymes" 10:40 → 2 searches.
 * - 2001:db8::5 (College: 2001:db8::/32 and 192.0.2.10-192.0.2.20), 2025-03: a download (TII 1,
 *   TIR 1, UII 1, UIR 1); 192.0.2.15 a search through the app's API → 1 search.
 * - 198.51.100.7 (no institution): a view (TII 1, UII 1), a search → 1 search; an empty search
 *   page and a robot's search are not searches.
 * The world: TII 4, TIR 2, UII 3, UIR 2, searches 4.
 */
const EVENTS: [string, string, string, string][] = [
  ['2025-03-05T10:00:00Z', '10.9.1.1', CHROME, PAGE],
  ['2025-03-05T10:01:00Z', '10.9.1.1', CHROME, PDF],
  ['2025-03-05T10:20:00Z', '10.9.1.1', CHROME, '/search?keyword=Cells'],
  ['2025-03-05T10:20:10Z', '10.9.1.1', CHROME, '/search?keyword=cells%20'],
  ['2025-03-05T10:40:00Z', '10.9.1.1', CHROME, '/search?keyword=enzymes'],
  ['2025-03-06T09:00:00Z', '2001:db8::5', CHROME, PDF],
  ['2025-03-06T09:30:00Z', '192.0.2.15', CHROME, '/api/search?keyword=membranes'],
  ['2025-03-07T12:00:00Z', '198.51.100.7', CHROME, PAGE],
  ['2025-03-07T12:05:00Z', '198.51.100.7', CHROME, '/search?keyword=cells'],
  ['2025-03-07T12:06:00Z', '198.51.100.7', CHROME, '/search'],
  ['2025-03-07T12:07:00Z', '198.51.100.9', BOT, '/search?keyword=cells'],
];

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
const keys: Record<string, string> = {};
const ids: Record<string, string> = {};
const HOST = { 'x-journal-host': 'inst1.test', host: 'inst1.test' };
const manager = async () => {
  const t = staffToken(J);
  await markRecentAuth(app.config.REDIS_PREFIX, t);
  return { 'x-journal-id': J, authorization: `Bearer ${t}`, ...HOST };
};
const period = { begin_date: '2025-03', end_date: '2025-03' };
type Report = { Report_Header: Record<string, unknown>; Report_Items: { Attribute_Performance?: { Data_Type?: string; Performance: unknown }[]; Items?: unknown[] }[] };
const report = async (customer: string, id: string, q: Record<string, string> = {}): Promise<Report> => {
  const r = await request(app.url)
    .get(`/counter/r51/reports/${id}`)
    .query({ customer_id: customer, api_key: keys[customer]!, ...period, ...q })
    .set({ 'x-journal-id': J, ...HOST });
  expect([id, r.status, schemaErrors(id.toUpperCase(), r.body)]).toEqual([id, 200, []]);
  return r.body as Report;
};
const perf = (b: Report, dataType: string) => b.Report_Items[0]?.Attribute_Performance?.find((p) => p.Data_Type === dataType)?.Performance;

beforeAll(async () => {
  // The item months are stored when a test says so, not by the timer a minute after start.
  app = await startContent({ STATS_COUNTING: 'on', STATS_ITEM_MONTHS_FIRST_MS: 3_600_000 });
  J = await makeJournal(app, 'inst1', { license: 'https://creativecommons.org/licenses/by/4.0/' });
  await app.repos.issues.create(J, { year: 2024, volume: 1, issue: 1, frequency: 'january' });
  await app.repos.articles.create(J, {
    year: 2024, volume: 1, issue: 1, refnumber: '801', txnid: 't801', title: 'Paper 801', status: 'enabled', pagenumber: '1-5',
    authorname: 'Asha Rao', pdf_url: PDF, publishdate: '2024-01-15',
  });
  await app.publisher.invalidate(J);
  for (const [name, customerId, ipRanges] of [
    ['University Library', 'uni', ['10.9.0.0/16']],
    ['College Library', 'college', ['2001:db8::/32', '192.0.2.10-192.0.2.20']],
    ['Open Access Monitor', 'monitor', []],
  ] as const) {
    const r = await request(app.url).post('/api/admin/counter/customers').set(await manager()).send({ name, customerId, ipRanges });
    expect([customerId, r.status]).toEqual([customerId, 201]);
    expect(r.body.customer.ipRanges).toEqual(ipRanges);
    keys[customerId] = r.body.apiKey;
    ids[customerId] = r.body.customer.id;
  }
  for (const e of EVENTS) receiveLogged(app, J, 'inst1.test', e);
  await app.stats.push();
  await app.stats.flush();
}, 60_000);
afterAll(async () => {
  await stopContent(app);
});

describe('IP ranges', () => {
  it('are read as addresses, CIDR blocks and first-last ranges, IPv4 and IPv6; an address is found in its range', () => {
    expect(ipRange('192.0.2.0/24')).toEqual({ v: 4, lo: 0xc0000200n, hi: 0xc00002ffn });
    expect(ipRange('192.0.2.10-192.0.2.20')).toEqual({ v: 4, lo: 0xc000020an, hi: 0xc0000214n });
    expect(ipRange('2001:db8::/32')).toEqual({ v: 6, lo: 0x20010db8n << 96n, hi: (0x20010db8n << 96n) | ((1n << 96n) - 1n) });
    expect(ipRange('::ffff:192.0.2.1')).toEqual({ v: 4, lo: 0xc0000201n, hi: 0xc0000201n });
    for (const bad of ['192.0.2.0/33', '192.0.2.256', '10.0.0.9-10.0.0.1', '01.2.3.4', '2001:db8::1::2', 'library', '10.0.0.0/8/1', '::1-10.0.0.1']) expect([bad, ipRange(bad)]).toEqual([bad, null]);
    const table = rangeTable([
      { customerId: 'a', ipRanges: ['10.9.0.0/16', '172.16.0.1'] },
      { customerId: 'b', ipRanges: ['2001:db8::/32', '192.0.2.10-192.0.2.20'] },
    ]);
    expect(['10.9.255.255', '10.10.0.0', '172.16.0.1', '192.0.2.9', '192.0.2.20', '::ffff:10.9.0.1', '2001:db8:ffff::1', '2001:db9::', 'nonsense'].map((ip) => institutionOf(table, ip))).toEqual(
      ['a', null, 'a', null, 'b', 'a', 'b', null, null],
    );
  });

  it('the form and the service refuse a range they cannot read, or ranges that overlap (within a customer or across two)', async () => {
    const own = sushiCustomerInputSchema.safeParse({ name: 'X Library', customerId: 'x', ipRanges: ['10.0.0.0/8', '10.1.0.0/16'] });
    expect(own.success ? [] : own.error.issues.map((i) => i.message)).toEqual(['IP ranges 10.0.0.0/8 and 10.1.0.0/16 overlap']);
    const bad = await request(app.url).post('/api/admin/counter/customers').set(await manager()).send({ name: 'X Library', customerId: 'x', ipRanges: ['10.0.0.0/40'] });
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    const clash = await request(app.url).post('/api/admin/counter/customers').set(await manager()).send({ name: 'X Library', customerId: 'x', ipRanges: ['10.9.200.0/24'] });
    expect([clash.status, clash.body.error, clash.body.message]).toEqual([409, 'ip_range_overlap', 'IP range 10.9.200.0/24 overlaps 10.9.0.0/16 of University Library']);
    const list = await request(app.url).get('/api/admin/counter/customers').set(await manager());
    expect(list.body.map((c: { customerId: string }) => c.customerId).sort()).toEqual(['college', 'monitor', 'uni']);
  });
});

describe('usage attributed to institutions', () => {
  it('an institution with IP ranges is reported its own usage, under its name and customer ID', async () => {
    const uni = await report('uni', 'pr', { attributes_to_show: 'Access_Method' });
    expect(uni.Report_Header.Institution_Name).toBe('University Library');
    expect(uni.Report_Header.Institution_ID).toEqual({ Proprietary: ['jp:uni'] });
    expect(uni.Report_Items[0]!.Attribute_Performance).toEqual([
      {
        Data_Type: 'Article',
        Access_Method: 'Regular',
        Performance: {
          Total_Item_Investigations: { '2025-03': 2 },
          Total_Item_Requests: { '2025-03': 1 },
          Unique_Item_Investigations: { '2025-03': 1 },
          Unique_Item_Requests: { '2025-03': 1 },
        },
      },
      { Data_Type: 'Platform', Access_Method: 'Regular', Performance: { Searches_Platform: { '2025-03': 2 } } },
    ]);
    const college = await report('college', 'ir_a1');
    const items = college.Report_Items[0]!.Items as { Item: string; Attribute_Performance: unknown }[];
    expect(items.map((i) => [i.Item, i.Attribute_Performance])).toEqual([
      ['Paper 801', [{ Access_Type: 'Open', Performance: { Total_Item_Requests: { '2025-03': 1 }, Unique_Item_Requests: { '2025-03': 1 } } }]],
    ]);
    expect(perf(await report('college', 'pr_p1'), 'Platform')).toEqual({ Searches_Platform: { '2025-03': 1 } });
    expect((await report('college', 'tr_j3')).Report_Items[0]!.Attribute_Performance).toEqual([
      {
        Access_Type: 'Open',
        Performance: {
          Total_Item_Investigations: { '2025-03': 1 },
          Total_Item_Requests: { '2025-03': 1 },
          Unique_Item_Investigations: { '2025-03': 1 },
          Unique_Item_Requests: { '2025-03': 1 },
        },
      },
    ]);
  });

  it('a customer without ranges is reported the world\'s usage, every reader\'s searches counted once', async () => {
    const world = await report('monitor', 'pr');
    expect(world.Report_Header.Institution_Name).toBe('The World');
    expect(perf(world, 'Article')).toEqual({
      Total_Item_Investigations: { '2025-03': 4 },
      Total_Item_Requests: { '2025-03': 2 },
      Unique_Item_Investigations: { '2025-03': 3 },
      Unique_Item_Requests: { '2025-03': 2 },
    });
    expect(perf(world, 'Platform')).toEqual({ Searches_Platform: { '2025-03': 4 } });
    // A filter that leaves searches out, or asks for them alone.
    expect(perf(await report('monitor', 'pr', { metric_type: 'Total_Item_Requests|Unique_Item_Requests' }), 'Platform')).toBeUndefined();
    const only = await report('monitor', 'pr', { metric_type: 'Searches_Platform', data_type: 'Platform' });
    expect(only.Report_Items[0]!.Attribute_Performance).toEqual([{ Data_Type: 'Platform', Performance: { Searches_Platform: { '2025-03': 4 } } }]);
    // Title reports never carry searches.
    expect(JSON.stringify(await report('monitor', 'tr'))).not.toContain('Searches_Platform');
  });

  it('the admin downloads an institution\'s report by its customer ID; an unknown one is refused', async () => {
    const r = await request(app.url).get('/api/admin/counter/reports/pr_p1').query({ ...period, customer_id: 'uni' }).set(await manager());
    expect([r.status, r.body.Report_Header.Institution_Name, perf(r.body as Report, 'Platform')]).toEqual([200, 'University Library', { Searches_Platform: { '2025-03': 2 } }]);
    const tsv = await request(app.url).get('/api/admin/counter/reports/pr').query({ ...period, customer_id: 'college', format: 'tsv' }).set(await manager());
    expect(tsv.text.split('\n').filter((l) => l.startsWith('Institution_'))).toEqual(['Institution_Name\tCollege Library', 'Institution_ID\tProprietary:jp:college']);
    const none = await request(app.url).get('/api/admin/counter/reports/pr').query({ ...period, customer_id: 'nobody' }).set(await manager());
    expect([none.status, none.body.error]).toEqual([400, 'unknown_customer']);
  });

  it('a manager changes a customer\'s ranges; usage counted from then on is the new ranges\'', async () => {
    const r = await request(app.url).put(`/api/admin/counter/customers/${ids.monitor}`).set(await manager()).send({ name: 'Open Access Monitor', ipRanges: ['203.0.113.0/24'] });
    expect([r.status, r.body.ipRanges, r.body.apiKeyHash]).toEqual([200, ['203.0.113.0/24'], undefined]);
    const clash = await request(app.url).put(`/api/admin/counter/customers/${ids.monitor}`).set(await manager()).send({ name: 'Open Access Monitor', ipRanges: ['192.0.2.0/24'] });
    expect([clash.status, clash.body.error]).toEqual([409, 'ip_range_overlap']);
    const gone = await request(app.url).put('/api/admin/counter/customers/000000000000000000000000').set(await manager()).send({ name: 'Nobody', ipRanges: [] });
    expect(gone.status).toBe(404);
    app.stats.receive({ journalId: J, target: { kind: 'view', ref: '801' }, ip: '203.0.113.9', ua: CHROME, ts: Date.parse('2025-03-09T08:00:00Z') });
    await app.stats.push();
    await app.stats.flush();
    const mine = await report('monitor', 'pr_p1', { metric_type: 'Total_Item_Requests' });
    expect(mine.Report_Header.Institution_Name).toBe('Open Access Monitor');
    const tr = await report('monitor', 'tr');
    expect(tr.Report_Items[0]!.Attribute_Performance).toEqual([
      { Data_Type: 'Journal', Performance: { Total_Item_Investigations: { '2025-03': 1 }, Unique_Item_Investigations: { '2025-03': 1 } } },
    ]);
  });
});

/** March's stored item months: [institution, counts stored, stale, generation]. */
const march = async () => (await app.repos.stats.itemMonths.find({ journalId: J, month: '2025-03' }).lean()).map((d) => [d.inst, !!d.gz, !!d.stale, d.gen]).sort();

describe('item reports from stored months', () => {
  const requests = async () => {
    const b = await report('college', 'ir_a1');
    return (b.Report_Items[0]!.Items as { Attribute_Performance: { Performance: { Total_Item_Requests: Record<string, number> } }[] }[])[0]!.Attribute_Performance[0]!.Performance.Total_Item_Requests;
  };

  it('a complete month read once is kept in one document; a late hit marks it stale, and the next report counts the hit', async () => {
    expect(await requests()).toEqual({ '2025-03': 1 });
    const kept = await app.repos.stats.storedItemMonths(J, ['2025-02', '2025-03'], 'college');
    expect([...kept.rows.entries()].map(([m, rows]) => [m, rows.length])).toEqual([['2025-03', 1]]);
    // From the stored month: the same answer.
    expect(await requests()).toEqual({ '2025-03': 1 });
    // The college's month (the hit is from its range) and the world's are stale: one more generation each.
    const gen = (m: unknown[][], inst: string) => m.find((d) => d[0] === inst)!;
    const before = await march();
    expect(gen(before, 'college').slice(1, 3)).toEqual([true, false]);
    app.stats.receive({ journalId: J, target: { kind: 'download', path: PDF }, ip: '192.0.2.11', ua: CHROME, ts: Date.parse('2025-03-30T23:59:00Z') });
    await app.stats.push();
    await app.stats.flush();
    const after = await march();
    expect([gen(after, 'college'), gen(after, '')]).toEqual([
      ['college', true, true, (gen(before, 'college')[3] as number) + 1],
      ['', !!gen(before, '')[1], true, ((gen(before, '')[3] as number | undefined) ?? 0) + 1],
    ]);
    expect(await requests()).toEqual({ '2025-03': 2 });
    // The report stored the college's month again (a store moves the generation too); the world's waits for the sweep (or its own report).
    expect(gen(await march(), 'college')).toEqual(['college', true, false, (gen(after, 'college')[3] as number) + 1]);
  });

  it('a copy read before counts were added is never stored over them', async () => {
    const { gens } = await app.repos.stats.storedItemMonths(J, ['2025-03'], 'college');
    const before = await app.repos.stats.articleMonths(J, ['2025-03'], 'college');
    // Counted meanwhile: the month is marked, its generation moves on.
    await app.repos.stats.markItemMonths([{ journalId: J, month: '2025-03', inst: 'college' }]);
    expect(await app.repos.stats.storeItemMonth(J, '2025-03', before, 'college', gens.get('2025-03'))).toBe(false);
    expect((await app.repos.stats.storedItemMonths(J, ['2025-03'], 'college')).rows.size).toBe(0);
    // Read again from the article-months, it is stored.
    expect(await app.repos.stats.refreshItemMonth(J, '2025-03', 'college')).toBe(true);
    expect((await app.repos.stats.storedItemMonths(J, ['2025-03'], 'college')).rows.get('2025-03')!.map((r) => r.downloads)).toEqual([2]);
  });
});

describe('every complete month stored, by one replica', () => {
  it('the first time every month with usage, then the last one once settled, and the months made stale', async () => {
    await app.repos.stats.itemMonths.deleteMany({ journalId: J });
    await app.deps.redis.del(`${app.config.REDIS_PREFIX}stats:item-months:through`);
    // Half an hour after March ended, February is the last settled month: nothing with usage yet.
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-01T00:30:00Z'))).toBe(0);
    // An hour after: March, for the world and each institution with usage in it.
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-01T01:30:00Z'))).toBe(4);
    expect(await march()).toEqual([['', true, false, 0], ['college', true, false, 0], ['monitor', true, false, 0], ['uni', true, false, 0]]);
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-02T00:00:00Z'))).toBe(0);
    // A late hit of March (the university's range): its two months are stored again by the next run.
    app.stats.receive({ journalId: J, target: { kind: 'view', ref: '801' }, ip: '10.9.7.7', ua: CHROME, ts: Date.parse('2025-03-31T22:00:00Z') });
    await app.stats.push();
    await app.stats.flush();
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-02T00:10:00Z'))).toBe(2);
    // Two generations on: the hit's mark, then the store.
    expect(await march()).toEqual([['', true, false, 2], ['college', true, false, 0], ['monitor', true, false, 0], ['uni', true, false, 2]]);
    // A run while another replica holds the lock does nothing.
    await app.deps.redis.set(`${app.config.REDIS_PREFIX}stats:item-months:lock`, 'other', 'PX', 60_000);
    await app.repos.stats.itemMonths.deleteMany({ journalId: J });
    await app.deps.redis.del(`${app.config.REDIS_PREFIX}stats:item-months:through`);
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-02T00:20:00Z'))).toBe(0);
    await app.deps.redis.del(`${app.config.REDIS_PREFIX}stats:item-months:lock`);
    // Once it is free: every month with usage, as after upgrading.
    expect(await app.stats.storeItemMonths(Date.parse('2025-04-02T00:30:00Z'))).toBe(4);
  });

  it('`jp counter item-months --since` stores the months before (once, after upgrading)', async () => {
    await app.repos.stats.itemMonths.deleteMany({ journalId: J });
    const command = counterCommands(async () => ({ journals: app.journals, stats: app.repos.stats, describe: async () => new Map(), platformCustomers: null as never })).find((c) => c.words.join(' ') === 'counter item-months')!;
    const months = ((await command.run({ since: '2025-02' } as never)) as { data: { months: { month: string; stored: number }[] } }).data.months;
    // The suite's database: February has no usage, March the world's and three institutions'.
    expect(months.slice(0, 2)).toEqual([{ month: '2025-02', stored: 0 }, { month: '2025-03', stored: 4 }]);
    await expect(command.run({ since: 'March' } as never)).rejects.toThrow('The first month is yyyy-mm');
  });
});

describe('searches in the usage log', () => {
  it('the search page and the app\'s search count with their terms; an empty one does not', () => {
    expect(hitTarget('/search?keyword=Cell%20Biology')).toEqual({ kind: 'search', terms: 'cell biology' });
    expect(hitTarget('/api/search/?keyword=%20x')).toEqual({ kind: 'search', terms: 'x' });
    expect(hitTarget('/search?keyword=')).toBeNull();
    expect(hitTarget('/search')).toBeNull();
    expect(hitTarget('/searches?keyword=x')).toBeNull();
  });
});

import request from 'supertest';
import { platformSushiCustomerInputSchema } from '@journal/contracts';
import { markRecentAuth, staffToken } from '@journal/testing';
import { PlatformCustomerService } from '../src/counter/platform-customer.service';
import { PLATFORM_CUSTOMERS, SushiCustomerRepo } from '../src/counter/sushi-customer.repo';
import { counterSchemaErrors, receiveLogged } from './counter-testkit';
import { makeJournal, startContent, stopContent } from './helpers';

/**
 * The platform's customers that are institutions are reported the usage from their IP ranges in
 * the journals they may harvest, attributed when it is counted; a consortium is reported all of it,
 * because it says so (docs/product.md#counter-platform). Seeded requests through the usage log's
 * path, counts worked out here by hand, answers validated against COUNTER's schemas.
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const PAGE1 = '/archives/2024/vol1/issue1/901';
const PDF1 = '/assets/archives/2024/vol1issue1/901.pdf';
const PAGE2 = '/archives/2024/vol1/issue1/902';

/**
 * [time, address, user agent, journal, uri]. Platform customers: State University (10.20.0.0/16,
 * every journal; pi1's own customer of the same ID has the same range), pi1 College (172.16.5.0/24,
 * pi1 only), the Consortium (all usage, every journal). By hand, March 2025:
 * - 10.20.1.1 on pi1: a view, a download, the same download 10 s later (one action), a search;
 *   a robot from the same address is not counted → pi1 TII 2, TIR 1, UII 1, UIR 1, 1 search.
 * - 10.20.1.2 on pi2: a view → pi2 TII 1, UII 1.
 * - 172.16.5.9: a download on pi1 (TII 1, TIR 1, UII 1, UIR 1); a view on pi2, which pi1 College
 *   may not harvest: the world's only.
 * - 198.51.100.7 on pi1 (nobody's): a view.
 * State University: pi1 TII 2, TIR 1, UII 1, UIR 1; pi2 TII 1, UII 1; searches 1.
 * pi1 College: TII 1, TIR 1, UII 1, UIR 1. The world: pi1 TII 4, TIR 2, UII 3, UIR 2; pi2 TII 2, UII 2.
 */
const EVENTS: [string, string, string, 'pi1' | 'pi2', string][] = [
  ['2025-03-05T10:00:00Z', '10.20.1.1', CHROME, 'pi1', PAGE1],
  ['2025-03-05T10:01:00Z', '10.20.1.1', CHROME, 'pi1', PDF1],
  ['2025-03-05T10:01:10Z', '10.20.1.1', CHROME, 'pi1', PDF1],
  ['2025-03-05T10:02:00Z', '10.20.1.1', CHROME, 'pi1', '/search?keyword=cells'],
  ['2025-03-05T10:03:00Z', '10.20.1.1', BOT, 'pi1', PAGE1],
  ['2025-03-06T09:00:00Z', '10.20.1.2', CHROME, 'pi2', PAGE2],
  ['2025-03-07T08:00:00Z', '172.16.5.9', CHROME, 'pi1', PDF1],
  ['2025-03-07T08:10:00Z', '172.16.5.9', CHROME, 'pi2', PAGE2],
  ['2025-03-08T12:00:00Z', '198.51.100.7', CHROME, 'pi1', PAGE1],
];

let app: Awaited<ReturnType<typeof startContent>>;
let customers: PlatformCustomerService;
const J: Record<string, string> = {};
const keys: Record<string, string> = {};
const period = { begin_date: '2025-03', end_date: '2025-03' };
type Report = { Report_Header: Record<string, unknown>; Report_Items: { Title?: string; Attribute_Performance?: { Data_Type?: string; Performance: unknown }[] }[] };

const platform = async (id: string, customer: string, q: Record<string, string> = {}): Promise<Report> => {
  const r = await request(app.url).get(`/counter/platform/r51/reports/${id}`).query({ customer_id: customer, api_key: keys[customer]!, ...period, ...q });
  expect([id, customer, r.status, counterSchemaErrors(id.toUpperCase(), r.body)]).toEqual([id, customer, 200, []]);
  return r.body as Report;
};
const perf = (b: Report, dataType: string) => b.Report_Items[0]?.Attribute_Performance?.find((p) => p.Data_Type === dataType)?.Performance;
const byTitle = (b: Report) => b.Report_Items.map((t) => [t.Title, t.Attribute_Performance?.[0]?.Performance]);

const STATE_PI1 = { Total_Item_Investigations: { '2025-03': 2 }, Total_Item_Requests: { '2025-03': 1 }, Unique_Item_Investigations: { '2025-03': 1 }, Unique_Item_Requests: { '2025-03': 1 } };
const ONE_VIEW = { Total_Item_Investigations: { '2025-03': 1 }, Unique_Item_Investigations: { '2025-03': 1 } };

beforeAll(async () => {
  // The item months are stored when a report asks, not by the timer a minute after start.
  app = await startContent({ STATS_COUNTING: 'on', STATS_ITEM_MONTHS_FIRST_MS: 3_600_000 });
  for (const [slug, ref] of [['pi1', '901'], ['pi2', '902']] as const) {
    const j = (J[slug] = await makeJournal(app, slug, { license: 'https://creativecommons.org/licenses/by/4.0/' }));
    await app.repos.issues.create(j, { year: 2024, volume: 1, issue: 1, frequency: 'january' });
    await app.repos.articles.create(j, {
      year: 2024, volume: 1, issue: 1, refnumber: ref, txnid: `t${ref}`, title: `Paper ${ref}`, status: 'enabled', pagenumber: '1-5',
      authorname: 'Asha Rao', pdf_url: `/assets/archives/2024/vol1issue1/${ref}.pdf`, publishdate: '2024-01-15',
    });
    await app.publisher.invalidate(j);
  }
  customers = new PlatformCustomerService(new SushiCustomerRepo(app.deps.conn), app.journals);
  for (const c of [
    { name: 'State University', customerId: 'state-uni', journals: ['*'], ipRanges: ['10.20.0.0/16'] },
    { name: 'pi1 College', customerId: 'pi1-college', journals: ['pi1'], ipRanges: ['172.16.5.0/24'] },
    { name: 'The Consortium', customerId: 'consortium', journals: ['*'], allUsage: true },
  ]) {
    keys[c.customerId] = (await customers.create(c)).apiKey;
  }
  // pi1's own customer with the same ID and range: another institution's record, the same readers.
  const t = staffToken(J.pi1!);
  await markRecentAuth(app.config.REDIS_PREFIX, t);
  const own = await request(app.url)
    .post('/api/admin/counter/customers')
    .set({ 'x-journal-id': J.pi1!, authorization: `Bearer ${t}`, host: 'pi1.test', 'x-journal-host': 'pi1.test' })
    .send({ name: 'State University (pi1)', customerId: 'state-uni', ipRanges: ['10.20.0.0/16'] });
  expect(own.status).toBe(201);
  keys['pi1:state-uni'] = own.body.apiKey;
  for (const [ts, ip, ua, slug, uri] of EVENTS) receiveLogged(app, J[slug]!, `${slug}.test`, [ts, ip, ua, uri]);
  await app.stats.push();
  await app.stats.flush();
}, 60_000);
afterAll(async () => {
  await stopContent(app);
});

describe('platform customers: an institution or all usage, said explicitly', () => {
  it('the form\'s schema and the service want IP ranges or all usage, never both or neither; ranges are one platform institution\'s', async () => {
    const base = { name: 'Some Library', customerId: 'some', journals: ['*'] };
    expect(platformSushiCustomerInputSchema.safeParse(base).success).toBe(false);
    expect(platformSushiCustomerInputSchema.safeParse({ ...base, allUsage: true, ipRanges: ['192.0.2.0/24'] }).success).toBe(false);
    expect(platformSushiCustomerInputSchema.safeParse({ ...base, ipRanges: ['192.0.2.0/24'] }).success).toBe(true);
    await expect(customers.create(base)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('IP ranges, or report it all usage') });
    await expect(customers.create({ ...base, ipRanges: ['10.20.9.0/24'] })).rejects.toMatchObject({ status: 409, code: 'ip_range_overlap', message: expect.stringContaining('State University') });
    await expect(customers.update('consortium', { ipRanges: ['10.20.0.1'] })).rejects.toMatchObject({ status: 409 });
    await expect(customers.update('consortium', { ipRanges: ['192.0.2.0/24'], allUsage: true })).rejects.toMatchObject({ status: 400 });
    await expect(customers.update('pi1-college', { ipRanges: [] })).rejects.toMatchObject({ status: 400 });
    // A change names what changes: what it leaves out is kept.
    await customers.update('pi1-college', { notes: 'Main campus' });
    const kept = await customers.update('pi1-college', { name: 'pi1 College' });
    expect([kept.notes, kept.ipRanges, kept.allUsage, kept.journals]).toEqual(['Main campus', ['172.16.5.0/24'], false, ['pi1']]);
    const list = await customers.list();
    // By name, as the repository lists them.
    expect(list.map((c) => [c.customerId, c.allUsage, c.ipRanges])).toEqual([
      ['state-uni', false, ['10.20.0.0/16']],
      ['consortium', true, []],
      ['pi1-college', false, ['172.16.5.0/24']],
    ]);
    // Stored before the choice existed, without ranges: it was reported all usage, and still is.
    const repo = new SushiCustomerRepo(app.deps.conn);
    await repo.model.create({ journalId: PLATFORM_CUSTOMERS, name: 'Old Monitor', customerId: 'old', apiKeyHash: 'x'.repeat(64), journals: ['*'], createdAt: new Date() });
    expect((await repo.findByCustomerId(PLATFORM_CUSTOMERS, 'old'))?.allUsage).toBe(true);
    await repo.model.deleteOne({ journalId: PLATFORM_CUSTOMERS, customerId: 'old' });
  });
});

describe('platform usage attributed by IP ranges when counted', () => {
  it('an institution of every journal is reported the usage from its ranges in each, under its name and ID', async () => {
    const pr = await platform('pr', 'state-uni');
    expect([pr.Report_Header.Institution_Name, pr.Report_Header.Institution_ID]).toEqual(['State University', { Proprietary: ['jp:state-uni'] }]);
    expect(perf(pr, 'Article')).toEqual({
      Total_Item_Investigations: { '2025-03': 3 },
      Total_Item_Requests: { '2025-03': 1 },
      Unique_Item_Investigations: { '2025-03': 2 },
      Unique_Item_Requests: { '2025-03': 1 },
    });
    expect(perf(pr, 'Platform')).toEqual({ Searches_Platform: { '2025-03': 1 } });
    expect(byTitle(await platform('tr', 'state-uni'))).toEqual([
      ['Journal pi1', STATE_PI1],
      ['Journal pi2', ONE_VIEW],
    ]);
    const ir = await platform('ir_a1', 'state-uni');
    expect(ir.Report_Items.map((t) => [t.Title, (t as { Items?: { Item: string }[] }).Items?.map((i) => i.Item)])).toEqual([['Journal pi1', ['Paper 901']]]);
  });

  it('an institution of one journal gets its usage there, none of another journal its readers also read', async () => {
    const tr = await platform('tr', 'pi1-college');
    const DOWNLOAD = { Total_Item_Investigations: { '2025-03': 1 }, Total_Item_Requests: { '2025-03': 1 }, Unique_Item_Investigations: { '2025-03': 1 }, Unique_Item_Requests: { '2025-03': 1 } };
    expect(byTitle(tr)).toEqual([['Journal pi1', DOWNLOAD]]);
    expect(JSON.stringify(tr)).not.toMatch(/pi2|902/);
    expect(perf(await platform('pr', 'pi1-college', { metric_type: 'Total_Item_Investigations|Total_Item_Requests|Unique_Item_Investigations|Unique_Item_Requests' }), 'Article')).toEqual(DOWNLOAD);
  });

  it('the consortium, reported all usage, gets every reader\'s (robots left out)', async () => {
    const tr = await platform('tr', 'consortium');
    expect(tr.Report_Header.Institution_Name).toBe('The World');
    expect(byTitle(tr)).toEqual([
      [
        'Journal pi1',
        { Total_Item_Investigations: { '2025-03': 4 }, Total_Item_Requests: { '2025-03': 2 }, Unique_Item_Investigations: { '2025-03': 3 }, Unique_Item_Requests: { '2025-03': 2 } },
      ],
      ['Journal pi2', { Total_Item_Investigations: { '2025-03': 2 }, Unique_Item_Investigations: { '2025-03': 2 } }],
    ]);
  });

  it('a journal\'s customer with the same ID and range is another institution: the same readers counted for each, in its own reports', async () => {
    const r = await request(app.url)
      .get('/counter/r51/reports/tr')
      .query({ customer_id: 'state-uni', api_key: keys['pi1:state-uni']!, ...period })
      .set({ 'x-journal-id': J.pi1!, host: 'pi1.test', 'x-journal-host': 'pi1.test' });
    expect([r.status, counterSchemaErrors('TR', r.body)]).toEqual([200, []]);
    expect([r.body.Report_Header.Institution_Name, byTitle(r.body as Report)]).toEqual(['State University (pi1)', [['Journal pi1', STATE_PI1]]]);
    // Each key opens its own API only.
    const cross = await request(app.url).get('/counter/platform/r51/reports/tr').query({ customer_id: 'state-uni', api_key: keys['pi1:state-uni']!, ...period });
    expect([cross.status, cross.body.Code]).toEqual([401, 2020]);
  });
});

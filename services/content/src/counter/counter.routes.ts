import { Router, type Request, type Response } from 'express';
import { activityActor, AppError, parse, requireTenant } from '@journal/server-kit';
import { staffRoutes, sushiCustomerInputSchema, sushiCustomerUpdateSchema } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import { publicOrigin } from '../seo/public-url';
import { SushiError } from './counter-exceptions';
import { isReportId } from './counter-request';
import { THE_WORLD } from './counter-reports';
import { counterTsv } from './counter-tsv';
import { counterXlsx } from './counter-xlsx';
import { CounterService, requesterOf, type Requester } from './counter.service';
import { rangeClash } from './institution-ranges';
import { SushiCustomerRepo } from './sushi-customer.repo';

/** SUSHI requests a customer (or, before one is named, an address) may make a minute. */
export const SUSHI_REQUESTS_PER_MINUTE = 30;

/**
 * The COUNTER_SUSHI 5.1 API of a journal (`/counter/r51/…`, docs/product.md#counter) and the
 * admin's reports and SUSHI customers. SUSHI answers are JSON exceptions with the statuses the
 * API defines; every read is of the journal the host names.
 */
export function counterRoutes(deps: ContentDeps): { router: Router; service: CounterService } {
  const customers = new SushiCustomerRepo(deps.conn);
  customers.init().catch((err: unknown) => deps.logger.warn({ err }, 'sushi customer indexes not built'));
  const service = new CounterService(deps, customers);
  const staff = contentStaff(deps);
  const r = Router();

  /** A fixed window per journal and customer (or address) in Redis, shared by every replica. */
  const limited = async (req: Request): Promise<boolean> => {
    const who = typeof req.query.customer_id === 'string' && req.query.customer_id ? `c:${req.query.customer_id.slice(0, 64)}` : `ip:${req.ip}`;
    const k = `${deps.config.REDIS_PREFIX}sushi:${req.journalId}:${who}:${Math.floor(Date.now() / 60_000)}`;
    const n = await deps.redis.incr(k);
    if (n === 1) await deps.redis.pexpire(k, 120_000);
    return n > SUSHI_REQUESTS_PER_MINUTE;
  };

  const sushi = (answer: (req: Request) => Promise<unknown>) => async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      if (await limited(req)) throw new SushiError(1020, `At most ${SUSHI_REQUESTS_PER_MINUTE} requests a minute`);
      res.json(await answer(req));
    } catch (err) {
      if (err instanceof SushiError) {
        if (err.status === 429) res.setHeader('Retry-After', '60');
        if (err.status === 202) res.setHeader('Retry-After', '30');
        res.status(err.status).json(err.body);
        return;
      }
      deps.logger.warn({ err }, 'sushi request failed');
      res.status(503).json(new SushiError(1000).body);
    }
  };

  r.get('/counter/r51/status', requireTenant, sushi((req) => service.status(req.journalId)));
  r.get(
    '/counter/r51/members',
    requireTenant,
    sushi(async (req) => service.members(await service.authorize(req.journalId, req.query))),
  );
  r.get(
    '/counter/r51/reports',
    requireTenant,
    sushi(async (req) => {
      await service.authorize(req.journalId, req.query);
      return service.reportList(req.journalId);
    }),
  );
  r.get(
    '/counter/r51/reports/:id',
    requireTenant,
    sushi(async (req) => {
      const c = await service.authorize(req.journalId, req.query);
      const id = String(req.params.id).toLowerCase();
      if (!isReportId(id)) throw new SushiError(3000, id.slice(0, 40));
      return service.report(req.journalId, id, req.query, requesterOf(c), publicOrigin(req, deps.config));
    }),
  );

  /**
   * The journal's reports in the admin: JSON or the tabular form (TSV, XLSX), the world's or, with
   * `customer_id`, the one that customer harvests.
   */
  r.get('/api/admin/counter/reports/:id', requireTenant, staff(staffRoutes.counterReport), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isReportId(id)) throw new AppError(404, 'not_found', 'No such report');
    const { format, customer_id: customerId, ...query } = req.query as Record<string, unknown>;
    let who: Requester = THE_WORLD;
    if (customerId !== undefined && customerId !== '') {
      const c = typeof customerId === 'string' ? await customers.findByCustomerId(req.journalId, customerId) : null;
      if (!c) throw new AppError(400, 'unknown_customer', 'No such customer in this journal');
      who = requesterOf(c);
    }
    try {
      const report = await service.report(req.journalId, id, query, who, publicOrigin(req, deps.config));
      const file = `${id.toUpperCase()}_${report.Report_Header.Report_Filters.Begin_Date}_${report.Report_Header.Report_Filters.End_Date}`;
      if (format === 'tsv') {
        res.setHeader('Content-Type', 'text/tab-separated-values; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${file}.tsv"`);
        res.send(counterTsv(report));
        return;
      }
      if (format === 'xlsx') {
        res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        res.setHeader('Content-Disposition', `attachment; filename="${file}.xlsx"`);
        res.send(await counterXlsx(report));
        return;
      }
      res.json(report);
    } catch (err) {
      if (err instanceof SushiError && err.status === 202) {
        res.setHeader('Retry-After', '30');
        throw new AppError(503, 'report_queued', 'The report is being prepared: download it again in a minute');
      }
      if (err instanceof SushiError) throw new AppError(err.status === 200 ? 400 : err.status, 'counter_exception', `${err.body.Code}: ${err.body.Message}${err.body.Data ? ` (${err.body.Data})` : ''}`);
      throw err;
    }
  });

  r.get('/api/admin/counter/customers', requireTenant, staff(staffRoutes.sushiCustomers), async (req, res) => {
    res.json((await customers.list(req.journalId)).map(({ apiKeyHash: _h, ...c }) => c));
  });

  /** An address is one institution's at most: ranges that overlap another customer's are refused. */
  const checkRanges = async (journalId: string, ranges: string[], except?: string) => {
    const others = (await customers.list(journalId)).filter((c) => c.id !== except);
    const clash = rangeClash(others, ranges);
    if (clash) throw new AppError(409, 'ip_range_overlap', `IP range ${clash.range} overlaps ${clash.otherRange} of ${clash.other}`);
  };

  r.post('/api/admin/counter/customers', requireTenant, staff(staffRoutes.createSushiCustomer), async (req, res) => {
    const input = parse(sushiCustomerInputSchema, req.body);
    await checkRanges(req.journalId, input.ipRanges);
    const made = await customers.create(req.journalId, input);
    if (!made) throw new AppError(409, 'customer_exists', 'Customer ID is already in use');
    service.institutions.forget(req.journalId);
    const { apiKeyHash: _h, ...customer } = made.customer;
    // The log names the institution and its IDs, never the key.
    await deps.activity.record(req.journalId, activityActor(req), {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: customer.id, label: customer.name },
      changes: [
        { field: 'customerId', before: '', after: customer.customerId },
        { field: 'requestorId', before: '', after: customer.requestorId },
        { field: 'ipRanges', before: '', after: customer.ipRanges.join(', ') },
        { field: 'apiKey', before: '', after: '(made)' },
      ],
    });
    res.status(201).json({ customer, apiKey: made.apiKey });
  });

  r.put('/api/admin/counter/customers/:id', requireTenant, staff(staffRoutes.updateSushiCustomer), async (req, res) => {
    const input = parse(sushiCustomerUpdateSchema, req.body);
    const before = (await customers.list(req.journalId)).find((c) => c.id === String(req.params.id));
    if (!before) throw new AppError(404, 'not_found', 'Customer not found');
    await checkRanges(req.journalId, input.ipRanges, before.id);
    const after = await customers.update(req.journalId, before.id, input);
    if (!after) throw new AppError(404, 'not_found', 'Customer not found');
    service.institutions.forget(req.journalId);
    const fields = ['name', 'requestorId', 'notes', 'ipRanges'] as const;
    const text = (c: typeof before, f: (typeof fields)[number]) => (f === 'ipRanges' ? c.ipRanges.join(', ') : c[f]);
    await deps.activity.record(req.journalId, activityActor(req), {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: after.id, label: after.name },
      changes: fields.filter((f) => text(before, f) !== text(after, f)).map((f) => ({ field: f, before: text(before, f), after: text(after, f) })),
    });
    const { apiKeyHash: _h, ...customer } = after;
    res.json(customer);
  });

  r.delete('/api/admin/counter/customers/:id', requireTenant, staff(staffRoutes.removeSushiCustomer), async (req, res) => {
    const gone = (await customers.list(req.journalId)).find((c) => c.id === String(req.params.id));
    if (!gone || !(await customers.remove(req.journalId, gone.id))) throw new AppError(404, 'not_found', 'Customer not found');
    service.institutions.forget(req.journalId);
    await deps.activity.record(req.journalId, activityActor(req), {
      kind: 'counter.customer',
      record: { type: 'sushi-customer', id: gone.id, label: gone.name },
      changes: [
        { field: 'customerId', before: gone.customerId, after: '' },
        { field: 'apiKey', before: '(made)', after: '' },
      ],
    });
    res.status(204).end();
  });

  return { router: r, service };
}

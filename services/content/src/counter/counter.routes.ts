import { Router, type Request, type Response } from 'express';
import { activityActor, AppError, requireTenant } from '@journal/server-kit';
import { staffRoutes } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import { publicOrigin } from '../seo/public-url';
import { SushiError } from './counter-exceptions';
import { isReportId } from './counter-request';
import { THE_WORLD } from './counter-reports';
import { counterTsv } from './counter-tsv';
import { counterXlsx } from './counter-xlsx';
import { requesterOf, type CounterService, type Requester } from './counter.service';
import type { SushiCustomerService } from './sushi-customer.service';

/** SUSHI requests a customer (or, before one is named, an address) may make a minute. */
export const SUSHI_REQUESTS_PER_MINUTE = 30;

/** What the COUNTER routes call (built in counter.setup.ts). */
export interface CounterServices {
  service: CounterService;
  customers: SushiCustomerService;
}

/**
 * The COUNTER_SUSHI 5.1 API of a journal (`/counter/r51/…`, docs/product.md#counter) and the
 * admin's reports and SUSHI customers. SUSHI answers are JSON exceptions with the statuses the
 * API defines; every read is of the journal the host names.
 */
export function counterRoutes(deps: ContentDeps, { service, customers }: CounterServices): Router {
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
    const who: Requester = customerId !== undefined && customerId !== '' ? await customers.requester(req.journalId, customerId) : THE_WORLD;
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
    res.json(await customers.list(req.journalId));
  });

  r.post('/api/admin/counter/customers', requireTenant, staff(staffRoutes.createSushiCustomer), async (req, res) => {
    res.status(201).json(await customers.create(req.journalId, activityActor(req), req.body));
  });

  r.put('/api/admin/counter/customers/:id', requireTenant, staff(staffRoutes.updateSushiCustomer), async (req, res) => {
    res.json(await customers.update(req.journalId, activityActor(req), String(req.params.id), req.body));
  });

  r.delete('/api/admin/counter/customers/:id', requireTenant, staff(staffRoutes.removeSushiCustomer), async (req, res) => {
    await customers.remove(req.journalId, activityActor(req), String(req.params.id));
    res.status(204).end();
  });

  return r;
}

import { Router, type Request, type RequestHandler, type Response } from 'express';
import { activityActor, AppError, requireTenant, TENANT_HEADER } from '@journal/server-kit';
import { staffRoutes } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import { publicOrigin } from '../seo/public-url';
import { SushiError } from './counter-exceptions';
import { isReportId } from './counter-request';
import { THE_WORLD } from './counter-reports';
import type { Requester } from './counter-scope';
import { sendCounterReport } from './counter-download';
import type { CounterService, SushiApi } from './counter.service';
import type { SushiCustomerService } from './sushi-customer.service';

/** SUSHI requests a customer (or, before one is named, an address) may make a minute. */
export const SUSHI_REQUESTS_PER_MINUTE = 30;

/** What the COUNTER routes call (built in counter.setup.ts). */
export interface CounterServices {
  service: CounterService;
  customers: SushiCustomerService;
}

/**
 * The COUNTER_SUSHI 5.1 API of a journal (`/counter/r51/…` on its host, docs/product.md#counter)
 * and of the platform (`/counter/platform/r51/…`, which the gateway passes on from the platform's
 * own host alone, docs/product.md#counter-platform), and the admin's reports and SUSHI customers.
 * SUSHI answers are JSON exceptions with the statuses the API defines; every read is of the
 * journals the host (or the platform customer) names.
 */
export function counterRoutes(deps: ContentDeps, { service, customers }: CounterServices): Router {
  const staff = contentStaff(deps);
  const r = Router();

  /** A fixed window per API (journal or platform) and customer (or address) in Redis, shared by every replica. */
  const limited = async (req: Request, scope: string): Promise<boolean> => {
    const who = typeof req.query.customer_id === 'string' && req.query.customer_id ? `c:${req.query.customer_id.slice(0, 64)}` : `ip:${req.ip}`;
    const k = `${deps.config.REDIS_PREFIX}sushi:${scope}:${who}:${Math.floor(Date.now() / 60_000)}`;
    const n = await deps.redis.incr(k);
    if (n === 1) await deps.redis.pexpire(k, 120_000);
    return n > SUSHI_REQUESTS_PER_MINUTE;
  };

  /** The four SUSHI paths under `base`, each answered by the API `apiOf` gives for the request. */
  const sushiApi = (base: string, guard: RequestHandler, apiOf: (req: Request) => SushiApi) => {
    const sushi = (answer: (api: SushiApi, req: Request) => Promise<unknown>) => async (req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        const api = apiOf(req);
        if (await limited(req, api.scope)) throw new SushiError(1020, `At most ${SUSHI_REQUESTS_PER_MINUTE} requests a minute`);
        res.json(await answer(api, req));
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
    r.get(`${base}/status`, guard, sushi((api) => api.status()));
    r.get(`${base}/members`, guard, sushi(async (api, req) => service.members(await api.authorize(req.query))));
    r.get(`${base}/reports`, guard, sushi(async (api, req) => api.reportList(await api.authorize(req.query))));
    r.get(
      `${base}/reports/:id`,
      guard,
      sushi(async (api, req) => {
        const c = await api.authorize(req.query);
        const id = String(req.params.id).toLowerCase();
        if (!isReportId(id)) throw new SushiError(3000, id.slice(0, 40));
        return api.report(c, id, req.query);
      }),
    );
  };

  sushiApi('/counter/r51', requireTenant, (req) => service.journalApi(req.journalId, publicOrigin(req, deps.config)));
  // Never a journal's: the gateway names no journal on the platform's host.
  const platformOnly: RequestHandler = (req, _res, next) => next(req.header(TENANT_HEADER) ? new AppError(404, 'not_found', 'Not found') : undefined);
  const platform = service.platformApi();
  sushiApi('/counter/platform/r51', platformOnly, () => platform);

  /**
   * The journal's reports in the admin: JSON or the tabular form (TSV, XLSX), the world's or, with
   * `customer_id`, the one that customer harvests.
   */
  r.get('/api/admin/counter/reports/:id', requireTenant, staff(staffRoutes.counterReport), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isReportId(id)) throw new AppError(404, 'not_found', 'No such report');
    const { format, customer_id: customerId, ...query } = req.query as Record<string, unknown>;
    const who: Requester = customerId !== undefined && customerId !== '' ? await customers.requester(req.journalId, customerId) : THE_WORLD;
    await sendCounterReport(res, id, format, () => service.report(req.journalId, id, query, who, publicOrigin(req, deps.config)));
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

import { Router } from 'express';
import { AppError, parse, platformActor } from '@journal/server-kit';
import { counterReportParamSchema, platformPaths, platformReportQuerySchema } from '@journal/contracts';
import { contentOperator } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import { sendCounterReport } from './counter-download';
import type { CounterService } from './counter.service';
import type { PlatformCustomerService } from './platform-customer.service';
import { PLATFORM_CUSTOMERS } from './sushi-customer.repo';

/**
 * The platform's usage screen (docs/product.md#counter-platform): its COUNTER reports over every
 * journal, and the customers of its SUSHI API, for the deployment's operators on the platform's
 * host alone (docs/security.md#platform-operators). No journal's token passes, and no journal's
 * host reaches these routes.
 */
export function platformCounterRoutes(deps: ContentDeps, service: CounterService, customers: PlatformCustomerService): Router {
  const r = Router();
  const operator = contentOperator(deps);
  // A change of a customer asks for the operator's password again, as a journal's customer changes do.
  const confirmed = contentOperator(deps, { recentAuth: true });

  r.get(platformPaths.report, operator, async (req, res) => {
    const { id } = parse(counterReportParamSchema, req.params);
    const { format, customer_id: customerId, ...query } = parse(platformReportQuerySchema, req.query);
    const customer = customerId ? await service.customers.findByCustomerId(PLATFORM_CUSTOMERS, customerId) : null;
    if (customerId && !customer) throw new AppError(404, 'not_found', `No platform customer ${customerId}`);
    await sendCounterReport(res, id, format, () => service.platformReport(id, query, customer));
  });

  r.get(platformPaths.customers, operator, async (_req, res) => {
    res.json(await customers.list());
  });

  r.get(platformPaths.activity, operator, async (_req, res) => {
    res.json(await customers.recentChanges());
  });

  r.post(platformPaths.customers, confirmed, async (req, res) => {
    res.status(201).json(await customers.create(req.body, platformActor(req)));
  });

  r.put(platformPaths.customer, confirmed, async (req, res) => {
    res.json(await customers.update(String(req.params.id), req.body, platformActor(req)));
  });

  r.delete(platformPaths.customer, confirmed, async (req, res) => {
    await customers.remove(String(req.params.id), platformActor(req));
    res.status(204).end();
  });

  return r;
}

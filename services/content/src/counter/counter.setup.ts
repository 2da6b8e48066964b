import type { Router } from 'express';
import type { ContentDeps } from '../deps';
import { counterRoutes } from './counter.routes';
import { PlatformCustomerService } from './platform-customer.service';
import { platformCounterRoutes } from './platform-counter.routes';
import { CounterService } from './counter.service';
import { SushiCustomerRepo } from './sushi-customer.repo';
import { SushiCustomerService } from './sushi-customer.service';

export interface CounterModule {
  router: Router;
  /** The reports, and the journals' IP ranges the usage counting attributes hits by. */
  service: CounterService;
}

/**
 * COUNTER reports over SUSHI and in the admin, with the journal's SUSHI customers
 * (docs/product.md#counter). Their indexes are built in the background: a start never waits on them.
 */
export function startCounter(deps: ContentDeps): CounterModule {
  const repo = new SushiCustomerRepo(deps.conn);
  repo.init().catch((err: unknown) => deps.logger.warn({ err }, 'sushi customer indexes not built'));
  const service = new CounterService(deps, repo);
  const customers = new SushiCustomerService(repo, service.institutions, deps.activity);
  const platformCustomers = new PlatformCustomerService(repo, deps.repos.journals, service.institutions, deps.activity);
  const router = counterRoutes(deps, { service, customers });
  router.use(platformCounterRoutes(deps, service, platformCustomers));
  return { router, service };
}

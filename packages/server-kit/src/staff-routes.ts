import type { Request, RequestHandler, Router } from 'express';
import type { StaffRoute } from '@journal/contracts';
import { requireTenant } from './tenant';

export interface StaffJsonOptions {
  /** The answer's status (201 for a create, 202 for a queued job); 200 by default. */
  status?: number;
  /** Handlers run after the guard and before the answer (a multipart parser). */
  before?: RequestHandler[];
  /** The paths answered when the table's one is not all (the original clients' trailing-slash forms). */
  paths?: string[];
}

/**
 * Mounts a service's JSON staff routes from the staffRoutes table: method and path are the
 * table's, so the role matrix and the router cannot disagree; every one is tenant-scoped and
 * guarded by the service's `guard`, and what `handle` resolves to is the JSON answer.
 */
export function staffJson(r: Router, guard: (route: StaffRoute) => RequestHandler) {
  return (route: StaffRoute, handle: (req: Request) => Promise<unknown>, opts: StaffJsonOptions = {}): void => {
    const method = route.method.toLowerCase() as Lowercase<StaffRoute['method']>;
    r[method](opts.paths ?? route.path, requireTenant, guard(route), ...(opts.before ?? []), async (req, res) => {
      res.status(opts.status ?? 200).json(await handle(req));
    });
  };
}

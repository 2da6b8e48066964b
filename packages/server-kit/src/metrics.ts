import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  middleware: (req: Request, res: Response, next: NextFunction) => void;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Label children looked up through nested maps (route, status, method): after the first request
  // of a kind, recording one allocates no label object or key string.
  type Child = ReturnType<typeof duration.labels>;
  const children = new Map<string, Map<number, Map<string, Child>>>();
  const routeLabels = new WeakMap<object, string>();
  const child = (method: string, route: string, status: number): Child => {
    let byStatus = children.get(route);
    if (!byStatus) children.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let c = byMethod.get(method);
    if (!c) byMethod.set(method, (c = duration.labels(method, route, String(status))));
    return c;
  };
  const routeOf = (req: Request): string => {
    // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
    const r = req.route as { path?: string } | undefined;
    if (!r?.path) return 'unmatched';
    if (req.baseUrl) return `${req.baseUrl}${r.path}`;
    let label = routeLabels.get(r);
    if (label === undefined) routeLabels.set(r, (label = String(r.path)));
    return label;
  };
  return {
    registry,
    middleware(req, res, next) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        child(req.method, routeOf(req), res.statusCode).observe(Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    },
  };
}

import type { ServerResponse } from 'node:http';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the duration metric reads of a request: express's Request, or a bare one given these. */
export interface MeasuredRequest {
  method?: string;
  route?: { path?: unknown };
  baseUrl?: string;
}

export interface Metrics {
  registry: Registry;
  middleware: (req: MeasuredRequest, res: ServerResponse, next: () => void) => void;
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
  const routeOf = (req: MeasuredRequest): string => {
    // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
    const r = req.route;
    if (!r?.path) return 'unmatched';
    if (req.baseUrl) return `${req.baseUrl}${String(r.path)}`;
    let label = routeLabels.get(r);
    if (label === undefined) routeLabels.set(r, (label = String(r.path)));
    return label;
  };
  return {
    registry,
    middleware(req, res, next) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        child(req.method ?? 'GET', routeOf(req), res.statusCode).observe(Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    },
  };
}

/** Gauges read when /metrics is scraped (a value the process already keeps, such as a cache's size). */
export function registerGauges(registry: Registry, gauges: { name: string; help: string; read: () => number }[]): void {
  for (const g of gauges) {
    new Gauge({
      name: g.name,
      help: g.help,
      registers: [registry],
      collect() {
        this.set(g.read());
      },
    });
  }
}

/**
 * The golden comparison runs a stack of its own (its own seed of the demo journals, untouched by
 * the other browser suites), on ports away from the e2e stack's and the benchmarks'.
 */
export function goldenPorts() {
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  const lane = process.env.JP_LANE ? `_${process.env.JP_LANE}` : '';
  return { portBase: 34000 + offset, nginxPort: 38080 + offset, db: `journal_golden${lane}` } as const;
}

/** The public port the fixture was recorded on: absolute URLs in today's answers are read as on it. */
export const RECORDED_NGINX_PORT = 38140;

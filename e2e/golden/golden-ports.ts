/**
 * The golden comparison runs a stack of its own (its own seed of the demo journals, untouched by
 * the other browser suites), on ports away from the e2e stack's and the benchmarks', and below the
 * kernel's ephemeral range (32768 and up): there an outgoing connection or a server on port 0 of a
 * suite running alongside can hold one of them first, and a service of the stack fails to start.
 */
export function goldenPorts() {
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  const lane = process.env.JP_LANE ? `_${process.env.JP_LANE}` : '';
  return { portBase: 15000 + offset, nginxPort: 15080 + offset, db: `journal_golden${lane}` } as const;
}

/** The public port the fixture was recorded on: absolute URLs in today's answers are read as on it. */
export const RECORDED_NGINX_PORT = 38140;

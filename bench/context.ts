/**
 * What `npm run bench` (bench/run.ts) hands every benchmark module. A module exports
 * `run(ctx: BenchContext): Promise<BenchFigures>`, prints what it measures, and returns the
 * figures under the keys of bench/results.json (series go under `series`).
 */
export interface BenchContext {
  /** nginx in front of the stack, e.g. http://localhost:28080 (send a Host header to pick a journal). */
  baseUrl: string;
  gatewayUrl: string;
  contentUrl: string;
  /** Content's staff side (writes and /api/admin reads, the purges). */
  contentStaffUrl: string;
  authUrl: string;
  worklogUrl: string;
  pdfUrl: string;
  /** Mailpit's API base (the stack's SMTP server and mailbox). */
  mailpitUrl?: string;
  mongoUrl: string;
  redisUrl: string;
  /** The stack's database; benchmarks may add their own journals and data to it. */
  dbName: string;
  redisPrefix: string;
  jwtSecret: string;
  /** Files written here are served by the same nginx at `${nginxStaticUrl}/<name>`. */
  staticDir: string;
  nginxStaticUrl: string;
  /** The usage log file the stack's nginx writes and its content service reads ('' for syslog datagrams). */
  usageLog: string;
  /** Process ids of the stack's processes (content, gateway, …), for CPU accounting from /proc. */
  pids?: Record<string, number>;
  /** The seeded demo journals (slug demo on localhost, chem on chem.localhost). */
  journals: { id: string; slug: string; hosts: string[] }[];
}

/** Figures are numbers; a list of numbers is a series the report draws. */
export type BenchFigures = Record<string, number | number[]>;
export type BenchModule = { run(ctx: BenchContext): Promise<BenchFigures> };

/** What the profiling scripts (bench/profile.ts, bench/render-profile.ts) share around their runs. */
import { rmSync } from 'node:fs';
import mongoose from 'mongoose';

/** Removes a run's working folder and drops the database it seeded. */
export async function dropRunData(dir: string, mongoUrl: string, dbName: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const c = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
  await c.dropDatabase();
  await c.close();
}

/** Runs a script's main and exits with its outcome (child processes and sockets must not keep it alive). */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * The first article page of the newest issue, asked of the content service directly (with the tenant
 * headers the gateway sets), waiting while it still loads the seeded journal's view.
 */
export async function firstArticlePage(contentBase: string, tenant: Record<string, string>): Promise<string> {
  let years: { year: number; issues: { volume: number; issue: number }[] }[] = [];
  for (let i = 0; i < 100 && !years[0]?.issues?.length; i++) {
    if (i) await new Promise((res) => setTimeout(res, 200));
    const a = (await (await fetch(`${contentBase}/api/archives/`, { headers: tenant })).json()) as unknown;
    years = Array.isArray(a) ? (a as typeof years) : [];
  }
  const y = years[0]!;
  const i = y.issues[0]!;
  const list = (await (await fetch(`${contentBase}/api/archives/${y.year}/${i.volume}/${i.issue}`, { headers: tenant })).json()) as { refnumber: string }[];
  return `/archives/${y.year}/vol${i.volume}/issue${i.issue}/${list[0]!.refnumber}`;
}

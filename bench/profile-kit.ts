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

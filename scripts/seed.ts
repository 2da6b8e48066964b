/**
 * Seeds the two demo journals (localhost and chem.localhost) across the services that own the
 * data: content (journals, issues, articles with PDFs, editors, indexing), auth (the admin user)
 * and the work-log. Idempotent: a second run leaves one copy of everything.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './stack';

export const DEMO_USER = { name: 'admin', password: 'admin12345' };

export interface SeededJournal {
  id: string;
  slug: string;
  hosts: string[];
}

/** `year`: the year of the demo's newest issues (default: this year). */
export async function seedDemo(opts: { mongoUrl: string; dbName: string; year?: number }): Promise<SeededJournal[]> {
  const { seedDemoContent } = await import(path.join(ROOT, 'services/content/dist/seed/demo.js'));
  const { journals } = (await seedDemoContent(opts)) as { journals: SeededJournal[] };
  const { seedUsers } = await import(path.join(ROOT, 'services/auth/dist/seed.js'));
  await seedUsers({ ...opts, users: journals.map((j) => ({ journalId: j.id, ...DEMO_USER })) });
  const worklogSeed = path.join(ROOT, 'services/worklog/dist/seed.js');
  if (existsSync(worklogSeed)) {
    const { seedDemoWorklog } = await import(worklogSeed);
    await seedDemoWorklog({ ...opts, journals, createdby: DEMO_USER.name });
  }
  return journals;
}

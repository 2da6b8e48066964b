import type { CliCommand, CliResources } from '@journal/common';
import { JournalRepo } from '../journals/journal.repo';
import { JournalAdminService } from '../journals/journal-admin.service';
import { PublicCache } from '../cache/public-cache';
import { journalCommands } from './journal.commands';

/** The journal commands wired to the database and to the public cache's invalidation. */
export function contentCliCommands(res: CliResources): CliCommand[] {
  const service = res.once(async () => {
    const journals = new JournalRepo(await res.mongo());
    await journals.init();
    const cache = new PublicCache({ prefix: res.cfg.REDIS_PREFIX, redis: res.redis() });
    return new JournalAdminService(journals, (id) => cache.invalidate(id));
  });
  return journalCommands(service);
}

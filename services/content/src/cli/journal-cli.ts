import { publishChange, type CliCommand, type CliResources } from '@journal/server-kit';
import { JournalRepo } from '../journals/journal.repo';
import { JournalAdminService } from '../journals/journal-admin.service';
import type { ContentChange } from '../cache/read-model';
import { journalCommands } from './journal.commands';
import { journalK8sCommands } from './journal-k8s.commands';
import { dbBackupCommands } from './db-backup.commands';

/** The journal commands wired to the database and to the content replicas' change feed. */
export function contentCliCommands(res: CliResources): CliCommand[] {
  const service = res.once(async () => {
    const journals = new JournalRepo(await res.mongo());
    await journals.init();
    // Every running content replica re-reads the journal document (hosts, status, settings).
    const announce = (id: string) =>
      publishChange<ContentChange>(res.redis(), { prefix: res.cfg.REDIS_PREFIX, name: 'content' }, id, [{ t: 'journal' }]).then(
        () => undefined,
        () => undefined,
      );
    return new JournalAdminService(journals, announce);
  });
  return [...journalCommands(service), ...journalK8sCommands(service), ...dbBackupCommands(res)];
}

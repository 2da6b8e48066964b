import { ActivityLog, createLogger, type CliCommand, type CliResources } from '@journal/server-kit';
import { JournalRepo } from '../journals/journal.repo';
import { JournalAdminService } from '../journals/journal-admin.service';
import { offlineViews } from '../views-offline';
import { journalCommands } from './journal.commands';
import { journalK8sCommands } from './journal-k8s.commands';
import { dbBackupCommands } from './db-backup.commands';
import { viewsCommands } from './views.commands';
import { counterCommands } from './counter.commands';
import { StatsRepo } from '../stats/stats.repo';
import { articleDescriber } from '../stats/title-rollup';
import { ArticleRepo } from '../archives/article.repo';
import { SushiCustomerRepo } from '../counter/sushi-customer.repo';
import { PlatformCustomerService } from '../counter/platform-customer.service';

/** The journal commands wired to the database, the persisted views and the content replicas' change feed. */
export function contentCliCommands(res: CliResources): CliCommand[] {
  const views = res.once(async () => {
    const conn = await res.mongo();
    const journals = new JournalRepo(conn);
    await journals.init();
    // Logs go to stderr: stdout carries the command's answer.
    const logger = createLogger('jp', process.env.LOG_LEVEL ?? 'warn', 'stderr');
    const { store, publisher } = await offlineViews(conn, res.redis(), res.cfg.REDIS_PREFIX, logger);
    return { journals, store, publisher, logger, tty: process.stderr.isTTY === true };
  });
  const service = res.once(async () => {
    const { journals, publisher } = await views();
    // The journal's head view takes the new document (hosts, status, settings); every running replica drops its copy.
    const announce = (id: string) => publisher.changed(id, [{ t: 'journal' }]).catch(() => undefined);
    return new JournalAdminService(journals, announce);
  });
  const counter = res.once(async () => {
    const conn = await res.mongo();
    const { journals } = await views();
    const articles = await ArticleRepo.open(conn);
    const describe = articleDescriber((jid, id) => articles.findById(jid, id), async (jid) => (await journals.findById(jid))?.license);
    const customers = new SushiCustomerRepo(conn);
    await customers.init();
    // The CLI's changes of the platform's customers go to the platform's activity log too, as the operator's.
    return { journals, stats: new StatsRepo(conn), describe, platformCustomers: new PlatformCustomerService(customers, journals, undefined, new ActivityLog(conn)) };
  });
  return [...journalCommands(service), ...journalK8sCommands(service), ...viewsCommands(views), ...dbBackupCommands(res), ...counterCommands(counter)];
}

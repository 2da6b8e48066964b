import { AppError, type CliCommand, type CliResources } from '@journal/server-kit';
import { backupDatabase, restoreDatabase, verifyDump } from '../backup/db-backup';

const count = (v: unknown, name: string, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError(400, 'invalid_option', `--${name} must be a whole number of at least 1`);
  return n;
};

/**
 * `jp db backup|verify|restore`: the database dump the backup CronJob runs, and the restore of
 * the drill and of a disaster (docs/operations.md, "Backups and restore").
 */
export function dbBackupCommands(res: CliResources): CliCommand[] {
  return [
    {
      words: ['db', 'backup'],
      summary: 'dump the database (gzip) into a directory, then keep the newest N and drop old ones',
      options: {
        dir: { type: 'string', required: true, describe: 'the backup directory (a mounted volume)' },
        keep: { type: 'string', describe: 'dumps kept at most (default 14)' },
        'max-age-days': { type: 'string', describe: 'dumps older than this are removed (default 35)' },
      },
      async run(a) {
        const policy = { keep: count(a.keep, 'keep', 14), maxAgeDays: count(a['max-age-days'], 'max-age-days', 35) };
        const s = await backupDatabase(await res.mongo(), String(a.dir), policy);
        const docs = Object.values(s.collections).reduce((n, x) => n + x, 0);
        return {
          data: s,
          text: [`backup written: ${s.file} (${s.bytes} bytes, ${Object.keys(s.collections).length} collections, ${docs} documents, sha256 ${s.sha256})`, ...s.removed.map((f) => `  removed: ${f}`)].join('\n'),
        };
      },
    },
    {
      words: ['db', 'verify'],
      summary: 'read a dump to its end and check its counts',
      options: { file: { type: 'string', required: true, describe: 'the dump file (or DIR/latest)' } },
      async run(a) {
        const counts = await verifyDump(String(a.file));
        return { data: { counts }, text: `complete: ${Object.entries(counts).map(([c, n]) => `${c} ${n}`).join(', ')}` };
      },
    },
    {
      words: ['db', 'restore'],
      summary: 'restore a dump into the (empty) database MONGO_DB names',
      options: { file: { type: 'string', required: true, describe: 'the dump file (or DIR/latest)' } },
      async run(a) {
        const conn = await res.mongo();
        const counts = await restoreDatabase(conn, String(a.file));
        return { data: { db: conn.name, counts }, text: `restored into ${conn.name}: ${Object.entries(counts).map(([c, n]) => `${c} ${n}`).join(', ')}` };
      },
    },
  ];
}

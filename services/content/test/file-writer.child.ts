/**
 * A writer process for file-write-crash.test.ts: stores one file through FileStore.put under the
 * file id it is given, then exits. The test kills it mid-file.
 *
 *   tsx file-writer.child.ts <mongoUrl> <db> <journalId> <path> <fileId> <bytes>
 */
import { randomBytes } from 'node:crypto';
import { connectMongo } from '@journal/server-kit';
import { FileStore } from '../src/files/file-store';

async function main() {
  const [mongoUrl, db, journalId, path, fileId, bytes] = process.argv.slice(2);
  const conn = await connectMongo(mongoUrl!, db!);
  await new FileStore(conn).put(journalId!, path!, randomBytes(Number(bytes)), { fileId });
  await conn.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

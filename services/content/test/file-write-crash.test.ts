import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { mongo } from 'mongoose';
import { writeSlotOf } from '@journal/server-kit';
import { testServers, until } from '@journal/testing';
import { assetPath } from '../src/files/file-store';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

/**
 * docs/operations.md#the-database: a file write records its intent before its first chunk and
 * clears it once its path points at the file. A writer killed mid-file (a real process, kill -9)
 * leaves chunks no files document names; the sweep finds them from the intent, by `_id`, without
 * reading the chunks, and takes them back. Against the real database.
 */
let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
const CHUNK = 255 * 1024;
/** Long enough (160 chunks) that the writer is still storing chunks when it is killed. */
const BYTES = 160 * CHUNK;
const WRITER = path.join(__dirname, 'file-writer.child.ts');

interface Chunk { _id: string }
interface Intent { _id: string; at: Date; slot: number }
const chunks = () => app.conn.collection<Chunk>('files.chunks');
const intents = () => app.conn.collection<Intent>('files.intents');
const filesDocs = () => app.conn.collection('files.files');
const chunkIds = (fileId: string, bytes: number) => Array.from({ length: Math.ceil(bytes / CHUNK) }, (_, n) => `${fileId}.${n}`);
const storedChunks = async (fileId: string, bytes: number) => (await chunks().find({ _id: { $in: chunkIds(fileId, bytes) } }, { projection: { _id: 1 } }).toArray()).length;

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'write-crash');
});
afterAll(() => stopContent(app));

describe('a file writer killed mid-file', () => {
  const fileId = new mongo.ObjectId().toHexString();
  const file = assetPath.article(2026, 4, 1, 'killed.pdf');
  let writer: ChildProcess;

  test('leaves chunks and its intent, no files document and no path entry', async () => {
    const { mongoUrl } = testServers();
    // Node itself with tsx's loader, not tsx's CLI: that runs the script in a child of its own,
    // which a SIGKILL of the CLI would leave writing.
    writer = spawn(process.execPath, ['--import', 'tsx', WRITER, mongoUrl, app.config.MONGO_DB, J, file, fileId, String(BYTES)], { stdio: ['ignore', 'ignore', 'inherit'] });
    await until(async () => (await chunks().findOne({ _id: `${fileId}.0` }, { projection: { _id: 1 } })) !== null, "the writer's first chunk", 120_000, 5);
    writer.kill('SIGKILL');
    const [code, signal] = (await once(writer, 'exit')) as [number | null, string | null];
    expect([code, signal]).toEqual([null, 'SIGKILL']);
    expect(await filesDocs().findOne({ _id: new mongo.ObjectId(fileId) })).toBeNull();
    expect(await app.files.stat(J, file)).toBeNull();
    expect(await intents().findOne({ _id: fileId })).toMatchObject({ _id: fileId });
    const left = await storedChunks(fileId, BYTES);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(BYTES / CHUNK);
  });

  test('a sweep leaves a write younger than its bound alone (it may still be in flight)', async () => {
    expect(await app.files.sweepUnfinished(3_600_000)).toBe(0);
    expect(await intents().findOne({ _id: fileId })).not.toBeNull();
    expect(await storedChunks(fileId, BYTES)).toBeGreaterThan(0);
  });

  test('the sweep takes back every chunk it stored, and its intent; the files it did not write stay whole', async () => {
    const pdf = await makePdf('Kept');
    const kept = await app.files.put(J, assetPath.article(2026, 4, 1, 'kept.pdf'), pdf);
    expect(await intents().findOne({ _id: kept.id })).toBeNull();
    expect(await app.files.sweepUnfinished(0)).toBe(1);
    expect(await storedChunks(fileId, BYTES)).toBe(0);
    expect(await intents().findOne({ _id: fileId })).toBeNull();
    expect(await app.files.read(J, assetPath.article(2026, 4, 1, 'kept.pdf'))).toEqual(pdf);
  });
});

describe('a write stopped between its files document and its path entry', () => {
  test('is taken back (files document and chunks); one its path points at only has its intent cleared', async () => {
    const lost = new mongo.ObjectId();
    const done = new mongo.ObjectId();
    const key = (p: string) => `${J}${p}`;
    const pLost = assetPath.article(2026, 4, 1, 'lost.pdf');
    const pDone = assetPath.article(2026, 4, 1, 'done.pdf');
    const pdf = await makePdf('Done');
    // Older than the sweep's bound here, younger than the app's own sweep's (ARTICLE_PENDING_MAX_AGE_MS).
    const at = new Date(Date.now() - 120_000);
    // `done`: stored and pointed at, its intent not yet cleared when the writer stopped.
    await app.files.put(J, pDone, pdf, { fileId: done.toHexString() });
    await intents().insertOne({ _id: done.toHexString(), files_id: done, filename: key(pDone), length: pdf.length, chunkSize: CHUNK, at, slot: writeSlotOf(at) } as never);
    // `lost`: chunk and files document stored, the path never pointed at it.
    await chunks().insertOne({ _id: `${lost.toHexString()}.0`, files_id: lost, n: 0, data: new mongo.Binary(Buffer.from('x')) } as never);
    await filesDocs().insertOne({ _id: lost, length: 1, chunkSize: CHUNK, uploadDate: new Date(), filename: key(pLost) } as never);
    await intents().insertOne({ _id: lost.toHexString(), files_id: lost, filename: key(pLost), length: 1, chunkSize: CHUNK, at, slot: writeSlotOf(at) } as never);

    expect(await app.files.sweepUnfinished(60_000)).toBe(1);
    expect(await filesDocs().findOne({ _id: lost })).toBeNull();
    expect(await chunks().findOne({ _id: `${lost.toHexString()}.0` })).toBeNull();
    expect(await app.files.read(J, pDone)).toEqual(pdf);
    expect(await intents().countDocuments({})).toBe(0);
  });
});

describe('the sweep at start', () => {
  test('runs with the unfinished article adds, one replica at a time', async () => {
    const id = new mongo.ObjectId();
    await chunks().insertOne({ _id: `${id.toHexString()}.0`, files_id: id, n: 0, data: new mongo.Binary(Buffer.from('y')) } as never);
    // Older than this replica's bound (a second), as a writer stopped a moment ago leaves it.
    const at = new Date(Date.now() - 5_000);
    await intents().insertOne({ _id: id.toHexString(), files_id: id, filename: `${J}/assets/site/never.png`, length: 1, chunkSize: CHUNK, at, slot: writeSlotOf(at) } as never);
    const again = await startContent({ MONGO_DB: app.config.MONGO_DB, ARTICLE_PENDING_MAX_AGE_MS: 1000, ARTICLE_PENDING_SWEEP_MS: 1000 });
    try {
      // The sweep removes the chunks first and the intent last: done when the intent is gone.
      await until(async () => (await intents().findOne({ _id: id.toHexString() })) === null, 'the sweep after start', 120_000);
      expect(await chunks().findOne({ _id: `${id.toHexString()}.0` })).toBeNull();
    } finally {
      await again.stop();
    }
  });
});

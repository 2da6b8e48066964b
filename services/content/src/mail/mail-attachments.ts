import { mongo, Types, type Connection } from 'mongoose';
import { TENANT_HEADER } from '@journal/server-kit';
import type { FileStore } from '../files/file-store';
import type { StoredAttachment } from './mail.repo';

/** An attachment that could not be read now (the next try may read it). */
export class AttachmentUnavailable extends Error {}

export interface LoadedAttachments {
  /** Every attachment with how it goes out and its measured size. */
  stored: StoredAttachment[];
  files: { filename: string; contentType: string; content: Buffer }[];
  /** Lines of the links block for the attachments that go as links. */
  linkLines: string[];
}

/** Reads at most `max` bytes of a URL; null when it is larger. */
async function fetchCapped(url: string, journalId: string, max: number): Promise<Buffer | null> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { [TENANT_HEADER]: journalId }, signal: AbortSignal.timeout(60_000) });
  } catch (e) {
    throw new AttachmentUnavailable(`${url}: ${(e as Error).message}`);
  }
  if (!res.ok || !res.body) throw new AttachmentUnavailable(`${url} answered ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await res.body.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function readGridFs(conn: Connection, bucketName: string, fileId: string, max: number): Promise<Buffer | null> {
  const bucket = new mongo.GridFSBucket(conn.db!, { bucketName });
  const _id = new Types.ObjectId(fileId);
  const [file] = await bucket.find({ _id }).toArray();
  if (!file) throw new AttachmentUnavailable(`no file ${fileId} in ${bucketName}`);
  if (file.length > max) return null;
  const chunks: Buffer[] = [];
  for await (const c of bucket.openDownloadStream(_id) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/** One file's bytes, or null when it is larger than `max`; AttachmentUnavailable when it cannot be read now. */
async function readOne(src: { conn: Connection; files: FileStore }, journalId: string, a: StoredAttachment, max: number): Promise<Buffer | null> {
  if (a.size !== undefined && a.size > max) return null;
  if (a.source.kind === 'asset') {
    const f = await src.files.stat(journalId, a.source.path);
    if (!f) throw new AttachmentUnavailable(`no file ${a.source.path}`);
    return f.length > max ? null : src.files.readStored(f);
  }
  if (a.source.kind === 'gridfs') return readGridFs(src.conn, a.source.bucket, a.source.fileId, max);
  return fetchCapped(a.source.url, journalId, max);
}

/**
 * The message's files in their order, attached while their sizes add up to at most `maxBytes`;
 * the others go as their links. A file that cannot be read but has a link goes as its link too.
 * They are read at once (documents made on demand, such as certificates, are made side by side).
 */
export async function loadAttachments(
  src: { conn: Connection; files: FileStore },
  journalId: string,
  list: StoredAttachment[],
  maxBytes: number,
): Promise<LoadedAttachments> {
  const read = await Promise.all(
    list.map((a) =>
      readOne(src, journalId, a, maxBytes).catch((e: unknown) => {
        if (a.link) return null;
        throw e instanceof AttachmentUnavailable ? e : new AttachmentUnavailable((e as Error).message);
      }),
    ),
  );
  const out: LoadedAttachments = { stored: [], files: [], linkLines: [] };
  let left = maxBytes;
  list.forEach((a, i) => {
    const content = read[i];
    if (content && content.length <= left) {
      left -= content.length;
      out.files.push({ filename: a.filename, contentType: a.contentType, content });
      out.stored.push({ ...a, size: content.length, delivery: 'attached' });
    } else {
      out.stored.push({ ...a, ...(content ? { size: content.length } : {}), delivery: 'linked' });
      out.linkLines.push(a.link ? `${a.filename}: ${a.link}` : `${a.filename}: too large to attach; ask the journal for it`);
    }
  });
  return out;
}

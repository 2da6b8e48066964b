import type { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';
import { KeyedBucket } from '@journal/server-kit';
import { jid } from '../shared/plain';

/**
 * 1 MiB chunks, four times the article PDFs' (whose first byte readers wait for): a manuscript is
 * only ever read whole, by staff, and each stored document costs FerretDB its own conversion, so a
 * 10 MB manuscript in 10 documents instead of 41 costs it and this service less CPU per byte
 * (bench/upload-cpu.md). Each file keeps its own chunk size: older files read as they were stored.
 */
const CHUNK_SIZE = 1024 * 1024;

export interface PrivateFile {
  id: string;
  length: number;
  contentType: string;
  filename: string;
}

/**
 * Authors' manuscripts and receipts, in GridFS layout like the article PDFs but in a bucket of
 * their own (`submission_files`) that no public route reads: each version is a new file, found by
 * its id, and only within its journal.
 */
export class SubmissionFiles {
  private readonly bucket: KeyedBucket;
  constructor(conn: Connection) {
    this.bucket = new KeyedBucket(conn, 'submission_files', CHUNK_SIZE);
  }

  async put(journalId: string, submissionId: string, filename: string, data: Buffer, contentType: string): Promise<string> {
    const id = new mongo.ObjectId();
    await this.bucket.write(id, filename, data, { journalId: jid(journalId), submissionId, contentType });
    return id.toHexString();
  }

  /** Takes back manuscript writes begun more than `olderThanMs` ago and never finished (KeyedBucket.sweepUnfinished). */
  sweepUnfinished(olderThanMs: number): Promise<number> {
    return this.bucket.sweepUnfinished(olderThanMs);
  }

  /** The file with this id in this journal's submission, or null (another journal's id answers null too). */
  async find(journalId: string, submissionId: string, fileId: string): Promise<(PrivateFile & { stream: () => Readable }) | null> {
    if (!/^[a-f0-9]{24}$/.test(fileId)) return null;
    const f = await this.bucket.find(new mongo.ObjectId(fileId));
    const meta = f?.metadata as { journalId?: string; submissionId?: string; contentType?: string } | undefined;
    if (!f || meta?.journalId !== jid(journalId) || meta.submissionId !== submissionId) return null;
    return { id: fileId, length: f.length, contentType: meta.contentType ?? 'application/octet-stream', filename: f.filename, stream: () => this.bucket.stream(f) };
  }

  async read(journalId: string, submissionId: string, fileId: string): Promise<Buffer | null> {
    const f = await this.find(journalId, submissionId, fileId);
    if (!f) return null;
    const chunks: Buffer[] = [];
    for await (const c of f.stream()) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
}

import type { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';
import { KeyedBucket } from '@journal/server-kit';
import { jid } from '../shared/plain';

/**
 * 255 kB chunks, as the article PDFs': 1 MiB chunks cost FerretDB and PostgreSQL more CPU per
 * byte (measured on a database of their own: FerretDB 87-110 against 57-66 ms, PostgreSQL 219-236
 * against 136-215 ms per 10 MB, 8 files at once), though fewer documents.
 */
const CHUNK_SIZE = 255 * 1024;

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

  /** The intents' index (KeyedBucket.init). */
  init(): Promise<void> {
    return this.bucket.init();
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

  /** Removes the file with this id in this journal's submission (none: nothing); answers whether one was removed. */
  async remove(journalId: string, submissionId: string, fileId: string): Promise<boolean> {
    if (!/^[a-f0-9]{24}$/.test(fileId)) return false;
    const f = await this.bucket.find(new mongo.ObjectId(fileId));
    const meta = f?.metadata as { journalId?: string; submissionId?: string } | undefined;
    if (!f || meta?.journalId !== jid(journalId) || meta.submissionId !== submissionId) return false;
    await this.bucket.remove(f);
    return true;
  }

  async read(journalId: string, submissionId: string, fileId: string): Promise<Buffer | null> {
    const f = await this.find(journalId, submissionId, fileId);
    if (!f) return null;
    const chunks: Buffer[] = [];
    for await (const c of f.stream()) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
}

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from '@journal/server-kit';
import { MAX_UPLOAD_BYTES } from '@journal/contracts';
import type { FileStore } from '../files/file-store';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp';

export interface DetectedFile {
  kind: FileKind;
  ext: string;
  mime: string;
}

const TYPES: Record<FileKind, Omit<DetectedFile, 'kind'>> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  png: { ext: 'png', mime: 'image/png' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

const startsWith = (buf: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buf.length >= at + b.length && buf.subarray(at, at + b.length).equals(b);
};

/** What the bytes are, whatever the name or the client's MIME type claim; null when unknown. */
export function detectFileKind(buf: Buffer): DetectedFile | null {
  let kind: FileKind | null = null;
  if (startsWith(buf, '%PDF-')) kind = 'pdf';
  else if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) kind = 'png';
  else if (startsWith(buf, [0xff, 0xd8, 0xff])) kind = 'jpeg';
  else if (startsWith(buf, 'GIF87a') || startsWith(buf, 'GIF89a')) kind = 'gif';
  else if (startsWith(buf, 'RIFF') && startsWith(buf, 'WEBP', 8)) kind = 'webp';
  return kind ? { kind, ...TYPES[kind] } : null;
}

/**
 * A client file name is never used for storage, but one carrying a path, a parent reference or
 * control characters is refused outright: it is an attack, not a mistake.
 */
export function isSafeClientFileName(name: string | undefined): boolean {
  if (name === undefined || name === '') return true;
  if (name.length > 255) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) return false;
  return !name.includes('..');
}

export const invalidFile = (message: string) => new AppError(400, 'invalid_file', message);

/** The part of a multer file the domain services use. */
export interface UploadedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** Checks an uploaded file (already size-limited by multer) against the accepted kinds. */
export function checkUpload(file: UploadedFile | undefined, accept: readonly FileKind[], label: string): DetectedFile | undefined {
  if (!file) return undefined;
  if (!isSafeClientFileName(file.originalname)) throw invalidFile('The file name is not acceptable');
  if (file.size === 0) throw invalidFile(`The ${label} is empty`);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, 'file_too_large', 'File size exceeds the limit of 5 MB');
  const d = detectFileKind(file.buffer);
  if (!d || !accept.includes(d.kind)) throw invalidFile(accept.length === 1 && accept[0] === 'pdf' ? 'Only PDF files are accepted' : `The ${label} must be a PNG, JPEG, GIF or WebP image`);
  return d;
}

/** A storage name generated on the server: random, with the extension of the detected type. */
export const generatedName = (d: DetectedFile) => `${randomBytes(12).toString('hex')}.${d.ext}`;

export const IMAGE_KINDS = ['png', 'jpeg', 'gif', 'webp'] as const;
/** A name `generatedName` made: the only stored images replaced ones are deleted for (never shared defaults). */
export const GENERATED_IMAGE_RE = /^[a-f0-9]{24}\.(png|jpg|gif|webp)$/;

/**
 * Checks an uploaded image by its bytes and stores it under a generated name at `pathOf(name)`
 * with its real type; the name, or undefined when no file came.
 */
export async function storeImage(
  files: Pick<FileStore, 'put'>, journalId: string, file: UploadedFile | undefined, label: string, pathOf: (name: string) => string,
): Promise<string | undefined> {
  const detected = checkUpload(file, IMAGE_KINDS, label);
  if (!file || !detected) return undefined;
  const name = generatedName(detected);
  await files.put(journalId, pathOf(name), file.buffer, { contentType: detected.mime });
  return name;
}

/**
 * Multipart parsing into memory with the 5 MB limit (docs/product.md#constants) (multer answers LIMIT_FILE_SIZE, which
 * the shared error handler maps to 413 file_too_large). `preservePath` keeps the client's name as
 * sent so that path tricks are seen and refused instead of silently stripped.
 */
/**
 * Uploads are held in memory while they are checked, so their number is bounded: beyond it a
 * client is asked to come back shortly instead of the process outgrowing its memory limit.
 */
export const MAX_PARALLEL_UPLOADS = 8;
let uploadsInFlight = 0;

const parserOf = (field: string, maxBytes: number) =>
  multer({
    storage: multer.memoryStorage(),
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 60, fieldSize: 1024 * 1024, parts: 80, headerPairs: 200 },
  }).single(field);

/**
 * A form of text fields (as a staff editor sends one) parsed by the parser multipart() uses, from
 * memory, and dropped: run at start-up, so a process's first save does not run the parser cold
 * (byte by byte in the interpreter: the largest part of a profile of a process's first save).
 * Resolves with the fields read.
 */
export function warmMultipart(fields: Record<string, string>): Promise<number> {
  const boundary = `warm${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const body = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
  const req = Object.assign(Readable.from([body]), { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) } });
  return new Promise((resolve, reject) => {
    parserOf('pdfFile', MAX_UPLOAD_BYTES)(req as unknown as Request, {} as Response, (err: unknown) => {
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(Object.keys((req as { body?: object }).body ?? {}).length);
    });
  });
}

export function multipart(field: string, opts: { maxBytes: number; tooLarge: string } = { maxBytes: MAX_UPLOAD_BYTES, tooLarge: '' }): RequestHandler {
  const upload = parserOf(field, opts.maxBytes);
  return (req, res, next) => {
    // JSON bodies (the editor status toggle may come as JSON from scripts) pass through untouched.
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    if (uploadsInFlight >= MAX_PARALLEL_UPLOADS) {
      res.setHeader('Retry-After', '2');
      next(new AppError(503, 'busy', 'Too many uploads at once; try again in a moment'));
      return;
    }
    uploadsInFlight++;
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        uploadsInFlight--;
      }
    };
    res.once('finish', release);
    res.once('close', release);
    upload(req, res, (err: unknown) => {
      // Multer's own errors (size, counts) are classified by the shared handler; a malformed or
      // truncated body from the parser underneath is the client's fault, not a 500.
      // A route with a limit of its own says so in its own words.
      if (opts.tooLarge && (err as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE') {
        next(new AppError(413, 'file_too_large', opts.tooLarge));
        return;
      }
      if (err && (err as { name?: string }).name !== 'MulterError' && !(err instanceof AppError)) {
        next(new AppError(400, 'invalid_upload', 'The upload could not be read'));
        return;
      }
      next(err);
    });
  };
}

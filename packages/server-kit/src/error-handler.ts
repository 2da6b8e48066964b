import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { AppError } from './errors';
import type { Logger } from './logger';
import { redactUrl } from './log-redact';

interface Classified {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

const MONGO_DOWN = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/** Maps every error a service can meet to a status and a stable code; unknown ones become a bare 500. */
export function classifyError(err: unknown): Classified {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message, details: err.details };
  if (err instanceof ZodError) {
    return {
      status: 400,
      code: 'validation_error',
      message: 'Request is invalid',
      details: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  }
  const e = err as { name?: string; type?: string; code?: string | number; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed') return { status: 400, code: 'invalid_json', message: 'Body is not valid JSON' };
  if (e?.type === 'entity.too.large') return { status: 413, code: 'payload_too_large', message: 'Body is too large' };
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return { status: 415, code: 'unsupported_encoding', message: 'Unsupported body encoding' };
  if (e?.name === 'MulterError') {
    if (e.code === 'LIMIT_FILE_SIZE') return { status: 413, code: 'file_too_large', message: 'File size exceeds the limit of 5 MB' };
    return { status: 400, code: 'invalid_upload', message: e.message ?? 'Invalid upload' };
  }
  if (e?.name === 'CastError' || e?.name === 'BSONError') return { status: 400, code: 'invalid_id', message: 'Invalid id' };
  if (e?.code === 11000) return { status: 409, code: 'duplicate', message: 'Duplicate value' };
  if (e?.name && MONGO_DOWN.has(e.name)) return { status: 503, code: 'db_unavailable', message: 'Database is unavailable' };
  if (e?.name === 'MaxRetriesPerRequestError' || /enableOfflineQueue|Connection is closed|ECONNREFUSED/.test(e?.message ?? ''))
    return { status: 503, code: 'redis_unavailable', message: 'A backing service is unavailable' };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return { status: e.status, code: 'bad_request', message: e.message ?? 'Bad request' };
  return { status: 500, code: 'internal_error', message: 'Something went wrong' };
}

/**
 * An error's answer, logged as every service logs it: status, the `{error, message}` JSON body (no
 * stack) and, for a 429, the seconds to wait. Used by the error handler and the gateway's own path.
 */
export function errorAnswer(logger: Logger, err: unknown, req: { requestId?: string; originalUrl?: string }) {
  const c = classifyError(err);
  if (c.status >= 500) logger.error({ err, requestId: req.requestId, url: redactUrl(req.originalUrl ?? '') }, 'request failed');
  else logger.debug({ code: c.code, requestId: req.requestId }, 'request refused');
  const body: Record<string, unknown> = { error: c.code, message: c.message };
  if (c.details !== undefined) body.details = c.details;
  const retryAfter = (c.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  return { status: c.status, body, retryAfter: c.status === 429 && typeof retryAfter === 'number' ? retryAfter : undefined };
}

/**
 * The same answer on a plain node response (a path handled before express): `headers` come first,
 * then the JSON's type and length and Retry-After; a HEAD gets no body, and an answer already begun
 * is cut off.
 */
export function sendErrorAnswer(
  logger: Logger,
  err: unknown,
  req: IncomingMessage & { requestId?: string; originalUrl?: string },
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): void {
  const a = errorAnswer(logger, err, req);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(a.body);
  res.writeHead(a.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...(a.retryAfter !== undefined ? { 'retry-after': String(a.retryAfter) } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The one error handler: JSON body `{error, message}`, never a stack trace. */
export function errorHandler(logger: Logger) {
  // express recognises error middleware by its four parameters
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const a = errorAnswer(logger, err, req);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (a.retryAfter !== undefined) res.setHeader('Retry-After', String(a.retryAfter));
    res.status(a.status).json(a.body);
  };
}

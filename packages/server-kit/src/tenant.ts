import type { NextFunction, Request, Response } from 'express';
import { OBJECT_ID_RE as ID_RE } from '@journal/contracts/ids';
import { AppError } from './errors';

/** Set by the gateway on every upstream request, always overwriting what a client sent. */
export const TENANT_HEADER = 'x-journal-id';
/** The client address as the gateway established it from trusted hops only. */
export const CLIENT_IP_HEADER = 'x-client-ip';
/** The public host the gateway resolved, for building absolute URLs. */
export const PUBLIC_HOST_HEADER = 'x-journal-host';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      journalId: string;
      clientIp: string;
    }
  }
}

export function requireTenant(req: Request, _res: Response, next: NextFunction): void {
  const id = req.header(TENANT_HEADER);
  if (!id || !ID_RE.test(id)) {
    next(new AppError(400, 'unknown_journal', 'No journal is known for this host'));
    return;
  }
  req.journalId = id;
  req.clientIp = req.header(CLIENT_IP_HEADER) || req.socket.remoteAddress || 'unknown';
  next();
}

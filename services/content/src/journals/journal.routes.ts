import { Router } from 'express';
import { z } from 'zod';
import { AppError, normaliseHost, parse } from '@journal/server-kit';
import type { HostDirectory } from './host-directory';

/** Routes the gateway calls directly; the gateway never forwards /internal from outside. */
export function internalJournalRoutes(hosts: HostDirectory): Router {
  const r = Router();
  r.get('/internal/journals/resolve', async (req, res) => {
    const raw = parse(z.string().min(1).max(260), req.query.host);
    const host = normaliseHost(raw);
    if (!host) throw new AppError(400, 'invalid_host', 'Host is not a valid host name');
    const j = await hosts.resolve(host);
    // A disabled journal is not served on any of its hosts.
    if (!j || j.disabled) throw new AppError(404, 'unknown_journal', `No journal is served at ${host}`);
    // The first host is the journal's primary host: its URLs point there and its other hosts
    // (aliases) redirect there.
    res.json({ id: j.id, slug: j.slug, primaryHost: j.primaryHost });
  });
  return r;
}

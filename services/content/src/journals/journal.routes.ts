import { Router } from 'express';
import { z } from 'zod';
import { AppError, parse } from '@journal/server-kit';
import type { JournalRepo } from './journal.repo';

/** Routes the gateway calls directly; the gateway never forwards /internal from outside. */
export function internalJournalRoutes(journals: JournalRepo): Router {
  const r = Router();
  r.get('/internal/journals/resolve', async (req, res) => {
    const host = parse(z.string().min(1).max(253), req.query.host);
    const j = await journals.findByHost(host.toLowerCase());
    // A disabled journal is not served on any of its hosts.
    if (!j || j.status === 'disabled') throw new AppError(404, 'unknown_journal', `No journal is served at ${host}`);
    res.json({ id: j.id, slug: j.slug });
  });
  return r;
}

import { Router } from 'express';
import { AppError, requireTenant } from '@journal/common';
import type { Journal, JournalRepo } from './journal.repo';
import type { PublicCache } from '../cache/public-cache';
import { sendCached } from '../cache/http-cache';
import { cleanRich } from '../shared/text';

/** The public settings document of docs/product.md#settings (internal fields such as hosts are not exposed). */
export const publicSettings = (j: Journal) => {
  const { hosts, id, status, modifiedby, ...settings } = j;
  void hosts;
  void status;
  void modifiedby;
  return {
    ...settings,
    // Rich text leaves the server sanitised (docs/product.md#display-rules); the browser sanitises again.
    home_content: cleanRich(settings.home_content),
    formatted_journal_name: cleanRich(settings.formatted_journal_name),
    journalId: id,
  };
};

export function publicSettingsRoutes(journals: JournalRepo, cache: PublicCache): Router {
  const r = Router();
  r.get(['/api/settings', '/api/settings/'], requireTenant, async (req, res) => {
    const c = await cache.json(req.journalId, 'settings', async () => {
      const j = await journals.findById(req.journalId);
      return j ? publicSettings(j) : null;
    });
    if (c.body.length === 4 && c.body.toString() === 'null') throw new AppError(404, 'unknown_journal', 'Journal not found');
    sendCached(req, res, c);
  });
  return r;
}

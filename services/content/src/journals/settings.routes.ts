import { Router } from 'express';
import { AppError, requireTenant } from '@journal/common';
import type { Journal, JournalRepo } from './journal.repo';

/** The public settings document of spec §3 (internal fields such as hosts are not exposed). */
export const publicSettings = (j: Journal) => {
  const { hosts, id, ...settings } = j;
  void hosts;
  return { ...settings, journalId: id };
};

export function publicSettingsRoutes(journals: JournalRepo): Router {
  const r = Router();
  r.get(['/api/settings', '/api/settings/'], requireTenant, async (req, res) => {
    const j = await journals.findById(req.journalId);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    res.json(publicSettings(j));
  });
  return r;
}

import { Router } from 'express';
import { z } from 'zod';
import { activityActor, parse, requireTenant } from '@journal/server-kit';
import { staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { contentStaff } from '../admin/staff-access';
import type { MailService } from './mail.service';

const submissionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown submission') });

/**
 * The journal's emails in the admin (docs/product.md#emails): the sender and the templates
 * (managers), and the messages of a submission (editors and managers).
 */
export function mailRoutes(deps: ContentDeps, mail: MailService): Router {
  const staff = contentStaff(deps);
  const r = Router();
  r.get('/api/admin/mail-settings', requireTenant, staff(routes.mailSettings), async (req, res) => {
    res.json(await mail.settings(req.journalId));
  });
  r.put('/api/admin/mail-settings', requireTenant, staff(routes.updateMailSettings), async (req, res) => {
    res.json(await mail.updateSettings(req.journalId, activityActor(req), req.body));
  });
  r.get('/api/admin/submissions/:id/emails', requireTenant, staff(routes.submissionEmails), async (req, res) => {
    const { id } = parse(submissionParam, req.params);
    res.json({ emails: await mail.listFor(req.journalId, id) });
  });
  return r;
}

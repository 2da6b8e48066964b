import { Router } from 'express';
import { z } from 'zod';
import { activityActor, parse, staffJson } from '@journal/server-kit';
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
  const r = Router();
  const on = staffJson(r, contentStaff(deps));
  on(routes.mailSettings, (req) => mail.settings(req.journalId));
  on(routes.updateMailSettings, (req) => mail.updateSettings(req.journalId, activityActor(req), req.body));
  on(routes.submissionEmails, async (req) => ({ emails: await mail.listFor(req.journalId, parse(submissionParam, req.params).id) }));
  return r;
}

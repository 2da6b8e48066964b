import { Router } from 'express';
import { z } from 'zod';
import { activityActor, parse, staffJson, type ActivityActor } from '@journal/server-kit';
import { staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { contentStaff } from '../admin/staff-access';
import type { MailService } from './mail.service';

/** The peer-review conflict rule (reviews/review-staff.service.ts): whether the actor may see who reviews the submission. */
export type HidesReviewers = (journalId: string, submissionId: string, actor: ActivityActor) => Promise<boolean>;

const submissionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown submission') });

/**
 * The journal's emails in the admin (docs/product.md#emails): the sender and the templates
 * (managers), and the messages of a submission (editors and managers; without the reviewers'
 * messages for an editor who may not see who reviews it).
 */
export function mailRoutes(deps: ContentDeps, mail: MailService, hidesReviewers: HidesReviewers): Router {
  const r = Router();
  const on = staffJson(r, contentStaff(deps));
  on(routes.mailSettings, (req) => mail.settings(req.journalId));
  on(routes.updateMailSettings, (req) => mail.updateSettings(req.journalId, activityActor(req), req.body));
  on(routes.submissionEmails, async (req) => {
    const { id } = parse(submissionParam, req.params);
    return { emails: await mail.listFor(req.journalId, id, { withoutReviewerMail: await hidesReviewers(req.journalId, id, activityActor(req)) }) };
  });
  return r;
}

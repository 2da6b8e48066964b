import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Readable } from 'node:stream';
import { activityActor, AppError, noStore, parse, requireTenant } from '@journal/server-kit';
import { MAX_ANNOTATED_BYTES, MAX_MANUSCRIPT_BYTES, OBJECT_ID_RE, REVIEW_MESSAGES as M, reviewCertificateListQuerySchema, reviewPagePath, staffRoutes as routes, SUBMISSION_MESSAGES } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { multipart } from '../admin/upload';
import { contentStaff } from '../admin/staff-access';
import { publicOrigin } from '../seo/public-url';
import { act, pageAnswer, wantsPage } from '../submissions/submission.routes';
import type { ReviewerService } from './reviewer.service';
import type { ReviewStaffService } from './review-staff.service';
import type { ReviewPublicService } from './review-public.service';
import type { ReviewParts } from './review-parts';
import { isConflicted } from './review-rules';

const idOf = (req: Request, name: string, what: string) => {
  const id = String(req.params[name] ?? '');
  if (!OBJECT_ID_RE.test(id)) throw new AppError(404, 'not_found', `${what} not found`);
  return id;
};
const tokenOf = (req: Request) => String(req.params.token ?? '');

function sendFile(res: Response, f: { contentType: string; length: number; downloadName: string; stream: () => Readable }) {
  res.setHeader('Content-Type', f.contentType);
  res.setHeader('Content-Length', String(f.length));
  res.setHeader('Content-Disposition', `attachment; filename="${f.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  f.stream().on('error', (err) => res.destroy(err)).pipe(res);
}

export interface ReviewServices {
  parts: ReviewParts;
  reviewers: ReviewerService;
  staff: ReviewStaffService;
  reviews: ReviewPublicService;
}

/** docs/product.md#peer-review: the staff's review routes (roles per staffRoutes) and the PDF service's read. */
export function reviewStaffRoutes(deps: ContentDeps, s: ReviewServices): Router {
  const staff = contentStaff(deps);
  const r = Router();
  const sub = (req: Request) => idOf(req, 'id', 'Submission');
  const rev = (req: Request) => idOf(req, 'reviewId', 'Review');
  const origin = (req: Request) => publicOrigin(req, deps.config);

  r.get('/api/admin/reviewers', requireTenant, staff(routes.reviewers), async (req, res) => {
    res.json(await s.reviewers.list(req.journalId, req.query));
  });
  r.post('/api/admin/reviewers', requireTenant, staff(routes.createReviewer), async (req, res) => {
    res.status(201).json(await s.reviewers.create(req.journalId, activityActor(req), req.body));
  });
  r.post('/api/admin/reviewers/import-board', requireTenant, staff(routes.importReviewers), async (req, res) => {
    res.json(await s.reviewers.importBoard(req.journalId, activityActor(req)));
  });
  r.get('/api/admin/reviewers/:id', requireTenant, staff(routes.reviewer), async (req, res) => {
    res.json(await s.reviewers.detail(req.journalId, idOf(req, 'id', 'Reviewer')));
  });
  r.put('/api/admin/reviewers/:id', requireTenant, staff(routes.updateReviewer), async (req, res) => {
    res.json(await s.reviewers.update(req.journalId, activityActor(req), idOf(req, 'id', 'Reviewer'), req.body));
  });
  r.delete('/api/admin/reviewers/:id', requireTenant, staff(routes.removeReviewer), async (req, res) => {
    res.json(await s.reviewers.remove(req.journalId, activityActor(req), idOf(req, 'id', 'Reviewer')));
  });
  r.get('/api/admin/review-settings', requireTenant, staff(routes.reviewSettings), async (req, res) => {
    res.json(await s.reviewers.getSettings(req.journalId));
  });
  r.put('/api/admin/review-settings', requireTenant, staff(routes.updateReviewSettings), async (req, res) => {
    res.json(await s.reviewers.saveSettings(req.journalId, activityActor(req), req.body));
  });

  r.get('/api/admin/submissions/:id/reviews', requireTenant, staff(routes.submissionReviews), async (req, res) => {
    res.json(await s.staff.overview(req.journalId, sub(req), activityActor(req)));
  });
  r.get('/api/admin/submissions/:id/reviewer-suggestions', requireTenant, staff(routes.reviewerSuggestions), async (req, res) => {
    res.json(await s.reviewers.suggestions(req.journalId, sub(req)));
  });
  r.post('/api/admin/submissions/:id/reviews', requireTenant, staff(routes.inviteReviewers), async (req, res) => {
    res.status(201).json(await s.staff.invite(req.journalId, origin(req), activityActor(req), sub(req), req.body));
  });
  r.post(
    '/api/admin/submissions/:id/review-manuscript',
    requireTenant,
    staff(routes.reviewManuscript),
    multipart('manuscript', { maxBytes: MAX_MANUSCRIPT_BYTES, tooLarge: SUBMISSION_MESSAGES.manuscriptTooLarge }),
    async (req, res) => {
      res.json(await s.staff.markManuscript(req.journalId, activityActor(req), sub(req), req.body, req.file));
    },
  );
  r.post('/api/admin/submissions/:id/review-conflicts', requireTenant, staff(routes.reviewConflict), async (req, res) => {
    res.json(await s.staff.setConflict(req.journalId, activityActor(req), sub(req), req.body));
  });
  r.post('/api/admin/submissions/:id/reviews/:reviewId/cancel', requireTenant, staff(routes.cancelReview), async (req, res) => {
    res.json(await s.staff.cancel(req.journalId, activityActor(req), sub(req), rev(req), req.body));
  });
  r.post('/api/admin/submissions/:id/reviews/:reviewId/reassign', requireTenant, staff(routes.reassignReview), async (req, res) => {
    res.json(await s.staff.reassign(req.journalId, origin(req), activityActor(req), sub(req), rev(req), req.body));
  });
  r.post('/api/admin/submissions/:id/reviews/:reviewId/due', requireTenant, staff(routes.reviewDueDate), async (req, res) => {
    res.json(await s.staff.setDue(req.journalId, activityActor(req), sub(req), rev(req), req.body));
  });
  r.get('/api/admin/submissions/:id/reviews/:reviewId/file', requireTenant, staff(routes.reviewFile), async (req, res) => {
    sendFile(res, await s.staff.file(req.journalId, sub(req), rev(req)));
  });
  r.post('/api/admin/submissions/:id/review-decision', requireTenant, staff(routes.reviewDecision), async (req, res) => {
    res.json(await s.staff.decide(req.journalId, origin(req), activityActor(req), sub(req), req.body));
  });
  r.get('/api/admin/reviews/certificates', requireTenant, staff(routes.reviewCertificates), async (req, res) => {
    const { year } = parse(reviewCertificateListQuerySchema, req.query);
    const actor = activityActor(req);
    const settings = await s.parts.settings.get(req.journalId);
    res.json(
      await s.reviews.certificatesOfYear(req.journalId, year, async (_r, submission) => {
        if (!settings.doubleBlind) return true;
        return !isConflicted(actor, submission, await s.parts.reviews.caseOf(req.journalId, submission.id));
      }),
    );
  });

  // The PDF service's read of one certificate (inside the cluster only: the gateway never routes /internal).
  r.get('/internal/reviews/:id/certificate', requireTenant, noStore, async (req, res) => {
    res.json(await s.reviews.certificateOf(req.journalId, idOf(req, 'id', 'Review')));
  });
  return r;
}

const annotated = multipart('annotated', { maxBytes: MAX_ANNOTATED_BYTES, tooLarge: M.annotatedTooLarge });
const fields = multipart('none');

/**
 * docs/product.md#peer-review: the reviewer's private link. JSON for scripts; a plain form post
 * (no JavaScript) is answered with a redirect back to the review page, with `done` or `error`.
 * Every request counts against the client address's limit first.
 */
export function reviewPublicRoutes(s: ReviewServices): Router {
  const r = Router();
  const back = (req: Request) => reviewPagePath(tokenOf(req));
  const limited = async (req: Request) => s.reviews.limit(req.journalId, req.clientIp ?? '');

  r.get('/api/reviews/:token', requireTenant, noStore, async (req, res) => {
    await limited(req);
    res.json(await s.reviews.page(req.journalId, tokenOf(req)));
  });
  r.get('/api/reviews/:token/manuscript', requireTenant, async (req, res) => {
    await limited(req);
    sendFile(res, await s.reviews.manuscript(req.journalId, tokenOf(req)));
  });
  const post = (path: string, upload: typeof fields, done: string, run: (req: Request) => Promise<unknown>) =>
    r.post(
      `/api/reviews/:token/${path}`,
      requireTenant,
      async (req, _res, next) => {
        try {
          await limited(req);
          next();
        } catch (err) {
          next(err);
        }
      },
      upload,
      act(async (req) => ({ body: await run(req), page: `${back(req)}?done=${done}` }), back),
    );
  post('accept', fields, 'accepted', (req) => s.reviews.accept(req.journalId, tokenOf(req)));
  post('decline', fields, 'declined', (req) => s.reviews.decline(req.journalId, tokenOf(req), req.body));
  post('draft', annotated, 'saved', (req) => s.reviews.draft(req.journalId, tokenOf(req), req.body, req.file));
  post('submit', annotated, 'submitted', (req) => s.reviews.submit(req.journalId, tokenOf(req), req.body, req.file));

  // A refusal before the act (the limit, an upload over its size) sends a plain form post back to its page too.
  r.use('/api/reviews', ((err, req, res, next) => {
    if (!wantsPage(req) || req.method !== 'POST') return next(err);
    const token = /^\/([^/]+)\//.exec(req.path)?.[1];
    if (!token) return next(err);
    try {
      pageAnswer(res, '', reviewPagePath(token), err);
    } catch (e) {
      next(e);
    }
  }) as ErrorRequestHandler);
  return r;
}

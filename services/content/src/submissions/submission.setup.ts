import type { Router } from 'express';
import type { ContentDeps } from '../deps';
import { ArticleAdminService } from '../admin/article-admin.service';
import { byIssueDesc } from '../archives/issue.repo';
import type { IssueKey } from '../views/view-docs';
import { SubmissionRepo } from './submission.repo';
import { SubmissionFiles } from './submission-files';
import { SubmissionLimits } from './submission-limits';
import { SubmissionFormKeys } from './submission-form-keys';
import { SubmissionSettingsRepo } from './submission-settings.repo';
import { SubmissionSettingsService } from './submission-settings.service';
import { WorklogNotes } from './submission-worklog';
import { AuthorMailer } from './submission-mail';
import { SubmissionService } from './submission.service';
import { SubmissionStaffService } from './submission-staff.service';
import { submissionRoutes, type SubmissionRouteServices } from './submission.routes';

export interface SubmissionServices extends SubmissionRouteServices {
  repo: SubmissionRepo;
  files: SubmissionFiles;
  limits: SubmissionLimits;
}

/** The submission workflow's services, built once (peer review decides through the same staff service). */
export async function submissionServices(deps: ContentDeps): Promise<SubmissionServices> {
  const repo = new SubmissionRepo(deps.conn);
  const settings = new SubmissionSettingsRepo(deps.conn);
  const files = new SubmissionFiles(deps.conn);
  await Promise.all([repo.init(), settings.init(), files.init()]);
  const parts = {
    config: deps.config,
    journals: deps.repos.journals,
    repo,
    files,
    limits: new SubmissionLimits(deps.redis, deps.config.REDIS_PREFIX),
    formKeys: new SubmissionFormKeys(deps.redis, deps.config.REDIS_PREFIX),
    activity: deps.activity,
    worklog: new WorklogNotes({ baseUrl: deps.config.WORKLOG_URL, timeoutMs: deps.config.WORKLOG_TIMEOUT_MS, settings, logger: deps.logger }),
    mail: new AuthorMailer(deps.mail, repo, deps.config.SUBMISSION_TOKEN_DAYS, deps.logger),
    logger: deps.logger,
  };
  const staff = new SubmissionStaffService({
    ...parts,
    articles: deps.repos.articles,
    // From the journal's head view, which keeps every issue: not a read of each issue's document.
    latestIssue: async (journalId) => (await deps.views.head(journalId)).issues.reduce<IssueKey | null>((m, i) => (!m || byIssueDesc(i, m) < 0 ? i : m), null),
    articleAdmin: new ArticleAdminService(deps),
  });
  return {
    repo,
    files: parts.files,
    limits: parts.limits,
    authors: new SubmissionService(parts),
    staff,
    settings: new SubmissionSettingsService({ settings, activity: deps.activity }),
  };
}

/** docs/product.md#submissions: the workflow's services and the routes that call them. */
export async function startSubmissions(deps: ContentDeps): Promise<{ services: SubmissionServices; router: Router }> {
  const services = await submissionServices(deps);
  return { services, router: submissionRoutes(deps, services) };
}

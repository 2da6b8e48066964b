import { Router, type Request } from 'express';
import { activityActor, AppError, staffJson } from '@journal/server-kit';
import { OBJECT_ID_RE as ID_RE, staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { AdminService } from './admin.service';
import { ArticleAdminService } from './article-admin.service';
import { EditorAdminService } from './editor-admin.service';
import { SiteAdminService } from './site-admin.service';
import { multipart } from './upload';
import { contentStaff } from './staff-access';
import { tracedHandler } from '../shared/save-trace';

const idParam = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!ID_RE.test(id)) throw new AppError(404, 'not_found', 'Not found');
  return id;
};
const actor = activityActor;

/**
 * The admin write API of docs/product.md#api. Every route is tenant-scoped and needs a valid token
 * of this journal; bodies are parsed only after authentication.
 */
export function adminRoutes(deps: ContentDeps): Router {
  const admin = new AdminService(deps);
  const articles = new ArticleAdminService(deps);
  const editors = new EditorAdminService(deps);
  const site = new SiteAdminService(deps);
  // Admin answers (and refusals) are never cached by a browser or a proxy; roles per staffRoutes.
  // Paths are the table's; each also answers with a trailing slash (express's non-strict routing).
  const r = Router();
  const json = staffJson(r, contentStaff(deps));
  // Each handler runs in its request's save trace (off unless SERVER_TIMING is on).
  const on: typeof json = (route, handle, opts) => json(route, tracedHandler(handle), opts);
  const created = { status: 201 };
  const upload = (field: string, status = 200) => ({ status, before: [multipart(field)] });

  on(routes.dashboard, (req) => admin.counts(req.journalId));
  on(routes.createIssue, (req) => admin.createIssue(req.journalId, actor(req), req.body), created);
  on(routes.issues, (req) => admin.issues(req.journalId, req.query));
  on(routes.createArticle, (req) => articles.create(req.journalId, actor(req), req.body, req.file), upload('pdfFile', 201));
  on(routes.issueArticles, (req) => admin.issueArticles(req.journalId, { year: req.params.year, volume: req.params.vol, issue: req.params.issue }));
  on(routes.article, (req) => admin.article(req.journalId, idParam(req)));
  // docs/product.md#withdrawals
  on(routes.withdrawArticle, (req) => articles.withdraw(req.journalId, actor(req), idParam(req), req.body));
  on(routes.restoreArticle, (req) => articles.restore(req.journalId, actor(req), idParam(req)));
  on(routes.updateArticle, (req) => articles.update(req.journalId, actor(req), idParam(req), req.body, req.file), upload('pdfFile'));
  on(routes.search, (req) => admin.search(req.journalId, req.query.q));

  on(routes.editors, (req) => editors.list(req.journalId));
  on(routes.editor, (req) => editors.get(req.journalId, idParam(req)));
  on(routes.createEditor, (req) => editors.create(req.journalId, actor(req), req.body, req.file), upload('imgFile', 201));
  // Before /api/editors/:id, which would otherwise take 'pin' as an id.
  on(routes.pinEditors, (req) => editors.pin(req.journalId, actor(req), req.body));
  on(routes.updateEditor, (req) => editors.update(req.journalId, actor(req), idParam(req), req.body, req.file), upload('imgFile'));

  on(routes.doiSettings, (req) => admin.updateDoiSettings(req.journalId, actor(req), req.body));
  on(routes.settings, (req) => admin.updateSettings(req.journalId, actor(req), req.body));
  on(routes.siteImage, (req) => site.uploadSiteImage(req.journalId, actor(req), String(req.params.kind), req.file), upload('image'));

  on(routes.indexing, (req) => site.listIndexing(req.journalId));
  on(routes.createIndexing, (req) => site.createIndexing(req.journalId, actor(req), req.body, req.file), upload('imgFile', 201));
  // Before /api/admin/indexing/:id, which would otherwise take 'reorder' as an id.
  on(routes.reorderIndexing, (req) => site.reorderIndexing(req.journalId, actor(req), req.body));
  on(routes.updateIndexing, (req) => site.updateIndexing(req.journalId, actor(req), idParam(req), req.body, req.file), upload('imgFile'));
  on(routes.removeIndexing, (req) => site.removeIndexing(req.journalId, actor(req), idParam(req)));

  return r;
}

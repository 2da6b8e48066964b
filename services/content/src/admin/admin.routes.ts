import { Router, type Request } from 'express';
import { activityActor, AppError, requireTenant } from '@journal/server-kit';
import { OBJECT_ID_RE as ID_RE, staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { AdminService } from './admin.service';
import { ArticleAdminService } from './article-admin.service';
import { EditorAdminService } from './editor-admin.service';
import { SiteAdminService } from './site-admin.service';
import { multipart } from './upload';
import { contentStaff } from './staff-access';

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
  const staff = contentStaff(deps);
  const r = Router();

  r.get(['/api/admin', '/api/admin/'], requireTenant, staff(routes.dashboard), async (req, res) => {
    res.json(await admin.counts(req.journalId));
  });

  r.post(['/api/admin/create-issue', '/api/admin/create-issue/'], requireTenant, staff(routes.createIssue), async (req, res) => {
    res.status(201).json(await admin.createIssue(req.journalId, actor(req), req.body));
  });

  r.get(['/api/admin/archives', '/api/admin/archives/'], requireTenant, staff(routes.issues), async (req, res) => {
    res.json(await admin.issues(req.journalId));
  });

  r.post(['/api/admin/archives', '/api/admin/archives/'], requireTenant, staff(routes.createArticle), multipart('pdfFile'), async (req, res) => {
    res.status(201).json(await articles.create(req.journalId, actor(req), req.body, req.file));
  });

  r.get('/api/admin/archives/:year/:vol/:issue', requireTenant, staff(routes.issueArticles), async (req, res) => {
    res.json(await admin.issueArticles(req.journalId, { year: req.params.year, volume: req.params.vol, issue: req.params.issue }));
  });

  r.get('/api/admin/articles/:id', requireTenant, staff(routes.article), async (req, res) => {
    res.json(await admin.article(req.journalId, idParam(req)));
  });

  // docs/product.md#withdrawals
  r.post('/api/admin/articles/:id/withdraw', requireTenant, staff(routes.withdrawArticle), async (req, res) => {
    res.json(await articles.withdraw(req.journalId, actor(req), idParam(req), req.body));
  });

  r.post('/api/admin/articles/:id/restore', requireTenant, staff(routes.restoreArticle), async (req, res) => {
    res.json(await articles.restore(req.journalId, actor(req), idParam(req)));
  });

  r.post('/api/archives/:id', requireTenant, staff(routes.updateArticle), multipart('pdfFile'), async (req, res) => {
    res.json(await articles.update(req.journalId, actor(req), idParam(req), req.body, req.file));
  });

  r.get(['/api/admin/search', '/api/admin/search/'], requireTenant, staff(routes.search), async (req, res) => {
    res.json(await admin.search(req.journalId, req.query.q));
  });

  r.get(['/api/admin/editors', '/api/admin/editors/'], requireTenant, staff(routes.editors), async (req, res) => {
    res.json(await editors.list(req.journalId));
  });

  r.get('/api/admin/editors/:id', requireTenant, staff(routes.editor), async (req, res) => {
    res.json(await editors.get(req.journalId, idParam(req)));
  });

  r.post(['/api/editors', '/api/editors/'], requireTenant, staff(routes.createEditor), multipart('imgFile'), async (req, res) => {
    res.status(201).json(await editors.create(req.journalId, actor(req), req.body, req.file));
  });

  // Before /api/editors/:id, which would otherwise take 'pin' as an id.
  r.post(['/api/editors/pin', '/api/editors/pin/'], requireTenant, staff(routes.pinEditors), async (req, res) => {
    res.json(await editors.pin(req.journalId, actor(req), req.body));
  });

  r.post('/api/editors/:id', requireTenant, staff(routes.updateEditor), multipart('imgFile'), async (req, res) => {
    res.json(await editors.update(req.journalId, actor(req), idParam(req), req.body, req.file));
  });

  r.post('/api/admin/doi-settings', requireTenant, staff(routes.doiSettings), async (req, res) => {
    res.json(await admin.updateDoiSettings(req.journalId, actor(req), req.body));
  });

  r.post(['/api/settings', '/api/settings/'], requireTenant, staff(routes.settings), async (req, res) => {
    res.json(await admin.updateSettings(req.journalId, actor(req), req.body));
  });

  r.post('/api/settings/images/:kind', requireTenant, staff(routes.siteImage), multipart('image'), async (req, res) => {
    res.json(await site.uploadSiteImage(req.journalId, actor(req), String(req.params.kind), req.file));
  });

  r.get(['/api/admin/indexing', '/api/admin/indexing/'], requireTenant, staff(routes.indexing), async (req, res) => {
    res.json(await site.listIndexing(req.journalId));
  });

  r.post(['/api/admin/indexing', '/api/admin/indexing/'], requireTenant, staff(routes.createIndexing), multipart('imgFile'), async (req, res) => {
    res.status(201).json(await site.createIndexing(req.journalId, actor(req), req.body, req.file));
  });

  // Before /api/admin/indexing/:id, which would otherwise take 'reorder' as an id.
  r.post(['/api/admin/indexing/reorder', '/api/admin/indexing/reorder/'], requireTenant, staff(routes.reorderIndexing), async (req, res) => {
    res.json(await site.reorderIndexing(req.journalId, actor(req), req.body));
  });

  r.post('/api/admin/indexing/:id', requireTenant, staff(routes.updateIndexing), multipart('imgFile'), async (req, res) => {
    res.json(await site.updateIndexing(req.journalId, actor(req), idParam(req), req.body, req.file));
  });

  r.delete('/api/admin/indexing/:id', requireTenant, staff(routes.removeIndexing), async (req, res) => {
    res.json(await site.removeIndexing(req.journalId, actor(req), idParam(req)));
  });

  return r;
}

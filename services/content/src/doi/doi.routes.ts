import { Router } from 'express';
import { activityActor, requireTenant } from '@journal/server-kit';
import { staffRoutes } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import { publicOrigin } from '../seo/public-url';
import { CrossrefService } from './crossref.service';

/** POST /api/admin/archives/:year/:vol/:issue/crossref {refs}: the deposit file of the selected articles. */
export function doiRoutes(deps: ContentDeps): Router {
  const crossref = new CrossrefService(deps);
  const staff = contentStaff(deps);
  const r = Router();
  r.post('/api/admin/archives/:year/:vol/:issue/crossref', requireTenant, staff(staffRoutes.crossrefExport), async (req, res) => {
    const body = (req.body ?? {}) as { refs?: unknown };
    const out = await crossref.export(
      req.journalId,
      activityActor(req),
      { year: req.params.year, volume: req.params.vol, issue: req.params.issue, refs: body.refs },
      publicOrigin(req, deps.config),
    );
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${out.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-DOIs-Assigned', out.assigned.join(','));
    res.send(out.xml);
  });
  return r;
}

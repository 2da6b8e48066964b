import { Router } from 'express';
import { AppError, requireTenant } from '@journal/server-kit';
import { emptySettingsText, safeImageUrlOrEmpty, safeLinkOrEmpty, SITE_IMAGE_KINDS } from '@journal/contracts';
import type { Journal } from './journal.repo';
import type { ContentDeps } from '../deps';
import { sendCached } from '../cache/http-cache';
import { cleanRich } from '../shared/text';
import { assetPath, versionedUrl } from '../files/file-store';

/** The public settings document of docs/product.md#settings (internal fields such as hosts are not exposed). */
export const publicSettings = (j: Journal) => {
  const { hosts, id, status, modifiedby, ...settings } = j;
  void hosts;
  void status;
  void modifiedby;
  return {
    // A journal stored before a text setting existed answers it empty: readers parse the answer strictly.
    ...emptySettingsText(),
    ...settings,
    // Rich text leaves the server sanitised (docs/product.md#display-rules); the browser sanitises again.
    home_content: cleanRich(settings.home_content),
    formatted_journal_name: cleanRich(settings.formatted_journal_name),
    // docs/security.md#links: a link or image stored before the rules is answered empty.
    google_review_link: safeLinkOrEmpty(settings.google_review_link),
    flags: {
      ...settings.flags,
      coverImage: safeImageUrlOrEmpty(settings.flags?.coverImage),
      journalListLink: safeLinkOrEmpty(settings.flags?.journalListLink),
      ownerLink: safeLinkOrEmpty(settings.flags?.ownerLink),
    },
    journalId: id,
  };
};

const kindRank = (name: string) => {
  const i = (SITE_IMAGE_KINDS as readonly string[]).indexOf(name.replace(/\.[^.]*$/, ''));
  return i < 0 ? SITE_IMAGE_KINDS.length : i;
};
/** The site images in their kinds' order (logo, header, cover, chat), any other file after them by name. */
const bySiteImageKind = (a: string, b: string) => kindRank(a) - kindRank(b) || (a < b ? -1 : a > b ? 1 : 0);

export function publicSettingsRoutes(deps: Pick<ContentDeps, 'cache' | 'publicService'>): Router {
  const { cache, publicService } = deps;
  const r = Router();
  r.get(['/api/settings', '/api/settings/'], requireTenant, async (req, res) => {
    const c = await cache.json(req.journalId, 'settings', async () => {
      const head = await publicService.head(req.journalId);
      if (!head.journal) return null;
      // Immutable URLs of the site images (logo.png, header.png, cover.png, chat.png...): pages
      // link these rather than building /assets paths, so a replaced image gets a new URL.
      const prefix = assetPath.site('');
      const asset_urls: Record<string, string> = {};
      const names = Object.keys(head.files).filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
      // In one order whatever order the store lists its files in: the answer, its ETag and every page
      // that embeds it stay the same bytes across a views rebuild or a replaced image.
      for (const name of names.sort(bySiteImageKind)) asset_urls[name] = versionedUrl(prefix + name, head.files[prefix + name]!);
      return { ...publicSettings(head.journal), asset_urls };
    });
    if (c.body.length === 4 && c.body.toString() === 'null') throw new AppError(404, 'unknown_journal', 'Journal not found');
    sendCached(req, res, c);
  });
  return r;
}

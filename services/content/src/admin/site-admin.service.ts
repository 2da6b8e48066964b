import { AppError, diffFields, parse, type ActivityActor } from '@journal/server-kit';
import { indexingInputSchema, indexingReorderSchema, SITE_IMAGE_KINDS, type SiteImageKind } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { IndexingItem } from '../indexing/indexing.repo';
import { assetPath } from '../files/file-store';
import { checkUpload, GENERATED_IMAGE_RE as GENERATED_RE, IMAGE_KINDS, storeImage, type UploadedFile } from './upload';


const fileRequired = (label: string) => new AppError(400, 'file_required', `Choose the ${label} to upload`);

/**
 * The journal's site images (logo, header, cover, chat icon) and its indexing partners. Images
 * are checked by their bytes like editor pictures; every write tells the read models which
 * documents and files it changed.
 */
export class SiteAdminService {
  constructor(private readonly deps: Pick<ContentDeps, 'repos' | 'files' | 'publisher' | 'activity'>) {}

  /** Stores the image at its fixed public path, /assets/site/{kind}.png (served with its real type). */
  async uploadSiteImage(journalId: string, actor: ActivityActor, rawKind: string, file: UploadedFile | undefined) {
    const by = actor.name;
    if (!(SITE_IMAGE_KINDS as readonly string[]).includes(rawKind)) {
      throw new AppError(404, 'not_found', `Unknown site image; one of ${SITE_IMAGE_KINDS.join(', ')}`);
    }
    const kind = rawKind as SiteImageKind;
    const detected = checkUpload(file, IMAGE_KINDS, 'image');
    if (!file || !detected) throw fileRequired('image');
    const path = assetPath.site(`${kind}.png`);
    await this.deps.files.put(journalId, path, file.buffer, { contentType: detected.mime });
    const j = await this.deps.repos.journals.findById(journalId);
    // An uploaded cover replaces any cover path set by hand.
    const clearsCover = kind === 'cover' && !!j?.flags.coverImage;
    if (clearsCover) await this.deps.repos.journals.update(journalId, { flags: { ...j.flags, coverImage: '' } });
    await this.deps.repos.journals.update(journalId, { modifiedby: by });
    await this.deps.publisher.changed(journalId, [{ t: 'file', path }, { t: 'journal' }]);
    await this.deps.activity.record(journalId, actor, {
      kind: 'settings.image',
      record: { type: 'file', id: path, label: kind },
      changes: [
        { field: 'file', before: '', after: `${path} (${detected.mime}, ${file.size} bytes)` },
        ...(clearsCover ? diffFields({ coverImage: j.flags.coverImage }, { coverImage: '' }) : []),
      ],
    });
    return { kind, url: path, contentType: detected.mime, size: file.size };
  }

  async listIndexing(journalId: string): Promise<IndexingItem[]> {
    return this.deps.repos.indexing.list(journalId);
  }

  private storeLogo(journalId: string, file: UploadedFile | undefined): Promise<string | undefined> {
    return storeImage(this.deps.files, journalId, file, 'logo', assetPath.indexing);
  }

  /** A new partner goes last in the order. */
  async createIndexing(journalId: string, actor: ActivityActor, body: unknown, file: UploadedFile | undefined): Promise<IndexingItem> {
    const by = actor.name;
    const input = parse(indexingInputSchema, body ?? {});
    checkUpload(file, IMAGE_KINDS, 'logo');
    if (!file) throw fileRequired('logo');
    const all = await this.deps.repos.indexing.list(journalId);
    const image = (await this.storeLogo(journalId, file))!;
    const sortnumber = all.reduce((m, i) => Math.max(m, i.sortnumber), 0) + 1;
    const item = await this.deps.repos.indexing.create(journalId, { ...input, link: input.link ?? '', status: input.status ?? 'enabled', image, sortnumber, createdby: by, modifiedby: by });
    await this.deps.publisher.changed(journalId, [{ t: 'indexing', id: item.id }, { t: 'file', path: assetPath.indexing(image) }]);
    await this.deps.activity.record(journalId, actor, { kind: 'indexing.create', record: { type: 'indexing', id: item.id, label: item.title }, changes: diffFields(null, item) });
    return item;
  }

  async updateIndexing(journalId: string, actor: ActivityActor, id: string, body: unknown, file: UploadedFile | undefined): Promise<IndexingItem> {
    const by = actor.name;
    const input = parse(indexingInputSchema.partial(), body ?? {});
    checkUpload(file, IMAGE_KINDS, 'logo');
    const existing = await this.deps.repos.indexing.findById(journalId, id);
    if (!existing) throw new AppError(404, 'not_found', 'Indexing partner not found');
    const image = await this.storeLogo(journalId, file);
    const updated = await this.deps.repos.indexing.update(journalId, id, { ...input, modifiedby: by, ...(image ? { image } : {}) });
    if (!updated) throw new AppError(404, 'not_found', 'Indexing partner not found');
    if (image && GENERATED_RE.test(existing.image)) await this.deps.files.delete(journalId, assetPath.indexing(existing.image)).catch(() => undefined);
    const files = image ? [image, existing.image].map((n) => ({ t: 'file' as const, path: assetPath.indexing(n) })) : [];
    await this.deps.publisher.changed(journalId, [{ t: 'indexing', id }, ...files]);
    await this.deps.activity.record(journalId, actor, { kind: 'indexing.update', record: { type: 'indexing', id, label: updated.title }, changes: diffFields(existing, updated) });
    return updated;
  }

  async removeIndexing(journalId: string, actor: ActivityActor, id: string): Promise<{ removed: true }> {
    const existing = await this.deps.repos.indexing.findById(journalId, id);
    if (!existing || !(await this.deps.repos.indexing.remove(journalId, id))) throw new AppError(404, 'not_found', 'Indexing partner not found');
    if (GENERATED_RE.test(existing.image)) await this.deps.files.delete(journalId, assetPath.indexing(existing.image)).catch(() => undefined);
    await this.deps.publisher.changed(journalId, [{ t: 'indexing', id }, { t: 'file', path: assetPath.indexing(existing.image) }]);
    await this.deps.activity.record(journalId, actor, { kind: 'indexing.remove', record: { type: 'indexing', id, label: existing.title }, changes: diffFields(existing, null) });
    return { removed: true };
  }

  /** Sets the order from the full list of ids; a list that is not exactly this journal's partners is refused. */
  async reorderIndexing(journalId: string, actor: ActivityActor, body: unknown): Promise<IndexingItem[]> {
    const by = actor.name;
    const { ids } = parse(indexingReorderSchema, body ?? {});
    const all = await this.deps.repos.indexing.list(journalId);
    const known = new Set(all.map((i) => i.id));
    if (new Set(ids).size !== ids.length || ids.length !== all.length || !ids.every((id) => known.has(id))) {
      throw new AppError(400, 'invalid_order', 'Send every indexing partner of this journal exactly once');
    }
    for (const [i, id] of ids.entries()) await this.deps.repos.indexing.update(journalId, id, { sortnumber: i + 1, modifiedby: by });
    await this.deps.publisher.changed(journalId, ids.map((id) => ({ t: 'indexing' as const, id })));
    const order = (items: IndexingItem[]) => [...items].sort((a, b) => a.sortnumber - b.sortnumber).map((i) => i.title).join(', ');
    const after = await this.deps.repos.indexing.list(journalId);
    await this.deps.activity.record(journalId, actor, {
      kind: 'indexing.reorder',
      record: { type: 'indexing', id: '', label: `${ids.length} partners` },
      changes: diffFields({ order: order(all) }, { order: order(after) }),
    });
    return after;
  }
}

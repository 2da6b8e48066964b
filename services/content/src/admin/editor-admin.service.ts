import { AppError, assertSafeRichTextLinks, diffFields, parse, type ActivityActor } from '@journal/server-kit';
import { editorPinSchema, editorSchema, editorStatusSchema } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { Editor } from '../editors/editor.repo';
import { assetPath } from '../files/file-store';
import { checkUpload, GENERATED_IMAGE_RE, IMAGE_KINDS, storeImage, type UploadedFile } from './upload';

const DEFAULT_PICTURE = 'avatar.png';

const notFound = () => new AppError(404, 'not_found', 'Editor not found');

/** A body that carries only `status` is the list's switch (docs/product.md#admin-area), not a full edit. */
function isStatusOnly(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const keys = Object.keys(body as object).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
  return keys.length === 1 && keys[0] === 'status';
}

/** Editors: add, edit, the status switch and pinning (docs/product.md#admin-area). */
export class EditorAdminService {
  constructor(private readonly deps: Pick<ContentDeps, 'repos' | 'files' | 'publisher' | 'activity'>) {}

  private storePicture(journalId: string, file: UploadedFile | undefined): Promise<string | undefined> {
    return storeImage(this.deps.files, journalId, file, 'picture', assetPath.editor);
  }

  async list(journalId: string): Promise<Editor[]> {
    return this.deps.repos.editors.list(journalId);
  }

  async get(journalId: string, id: string): Promise<Editor> {
    const editor = await this.deps.repos.editors.findById(journalId, id);
    if (!editor) throw notFound();
    return editor;
  }

  async create(journalId: string, actor: ActivityActor, body: unknown, file: UploadedFile | undefined): Promise<Editor> {
    const input = parse(editorSchema, body ?? {});
    assertSafeRichTextLinks('content', 'Affiliation', input.content);
    checkUpload(file, IMAGE_KINDS, 'picture');
    const picture = await this.storePicture(journalId, file);
    try {
      const editor = await this.deps.repos.editors.create(journalId, {
        ...input,
        status: input.status ?? 'enabled',
        is_pinned: 0,
        picture: picture ?? DEFAULT_PICTURE,
      });
      await this.deps.publisher.changed(journalId, [{ t: 'editor', id: editor.id }, ...(picture ? [{ t: 'file' as const, path: assetPath.editor(picture) }] : [])]);
      await this.deps.activity.record(journalId, actor, { kind: 'editor.create', record: { type: 'editor', id: editor.id, label: editor.name }, changes: diffFields(null, editor) });
      return editor;
    } catch (err) {
      if (picture) await this.deps.files.delete(journalId, assetPath.editor(picture)).catch(() => undefined);
      throw err;
    }
  }

  async update(journalId: string, actor: ActivityActor, id: string, body: unknown, file: UploadedFile | undefined): Promise<Editor> {
    const existing = await this.deps.repos.editors.findById(journalId, id);
    if (!existing) throw notFound();
    if (!file && isStatusOnly(body)) {
      const { status } = parse(editorStatusSchema, body);
      const updated = await this.deps.repos.editors.update(journalId, existing.id, { status });
      if (!updated) throw notFound();
      await this.deps.publisher.changed(journalId, [{ t: 'editor', id: updated.id }]);
      await this.deps.activity.record(journalId, actor, { kind: 'editor.status', record: { type: 'editor', id: updated.id, label: updated.name }, changes: diffFields(existing, updated, { only: ['status'] }) });
      return updated;
    }
    const input = parse(editorSchema, body ?? {});
    assertSafeRichTextLinks('content', 'Affiliation', input.content);
    checkUpload(file, IMAGE_KINDS, 'picture');
    const picture = await this.storePicture(journalId, file);
    let updated: Editor | null;
    try {
      updated = await this.deps.repos.editors.update(journalId, existing.id, {
        ...input,
        status: input.status ?? existing.status,
        ...(picture ? { picture } : {}),
      });
    } catch (err) {
      if (picture) await this.deps.files.delete(journalId, assetPath.editor(picture)).catch(() => undefined);
      throw err;
    }
    if (!updated) throw notFound();
    if (picture && GENERATED_IMAGE_RE.test(existing.picture)) {
      await this.deps.files.delete(journalId, assetPath.editor(existing.picture)).catch(() => undefined);
    }
    const files = picture ? [picture, existing.picture].map((p) => ({ t: 'file' as const, path: assetPath.editor(p) })) : [];
    await this.deps.publisher.changed(journalId, [{ t: 'editor', id: updated.id }, ...files]);
    await this.deps.activity.record(journalId, actor, { kind: 'editor.update', record: { type: 'editor', id: updated.id, label: updated.name }, changes: diffFields(existing, updated) });
    return updated;
  }

  /** Move to top (pinned) or remove from top; every id must be one of this journal's editors. */
  async pin(journalId: string, actor: ActivityActor, body: unknown): Promise<{ updated: number }> {
    const input = parse(editorPinSchema, body ?? {});
    const ids = [...new Set(input.ids)];
    const found = await this.deps.repos.editors.findManyByIds(journalId, ids);
    if (found.length !== ids.length) throw notFound();
    const updated = await this.deps.repos.editors.setPinned(journalId, ids, input.pinned ? 1 : 0);
    await this.deps.publisher.changed(journalId, ids.map((id) => ({ t: 'editor' as const, id })));
    const pinned = input.pinned ? 1 : 0;
    for (const e of found) {
      await this.deps.activity.record(journalId, actor, { kind: 'editor.pin', record: { type: 'editor', id: e.id, label: e.name }, changes: diffFields({ is_pinned: e.is_pinned }, { is_pinned: pinned }) });
    }
    return { updated };
  }
}

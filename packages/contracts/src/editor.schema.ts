import { z } from 'zod';
import { objectIdSchema } from './id.schema.js';
import { requiredString } from './fields.schema.js';
import { isSafeLinkOrBareHost } from './link.rules.js';
import { isWebsite, WEBSITE_MESSAGE } from './website.rules.js';

/** docs/product.md#editor-rules: exactly these categories and designations. */
export const EDITOR_CATEGORIES = ['chief editor', 'associate editor', 'assistant editor'] as const;
export const EDITOR_DESIGNATIONS = ['Professor', 'Associate Professor', 'Assistant Professor', 'Scientist', 'Head', 'Lecturer'] as const;
export const EDITOR_STATUSES = ['enabled', 'disabled'] as const;
export type EditorCategory = (typeof EDITOR_CATEGORIES)[number];
export type EditorDesignation = (typeof EDITOR_DESIGNATIONS)[number];
export type EditorStatus = (typeof EDITOR_STATUSES)[number];

const opt = (max: number) => z.string({ error: 'Must be text' }).trim().max(max, 'Too long').optional().default('');
const oneLine = (s: string) => !/[\r\n]/.test(s);

/**
 * A website is a bare host/path or an http(s) URL (isWebsite); other schemes (javascript:, data:,
 * mailto:) and text are refused, and the link rules are kept as well.
 */
const websiteSchema = opt(500).refine((v) => v === '' || (isWebsite(v) && isSafeLinkOrBareHost(v)), WEBSITE_MESSAGE);

/** Editor add and edit (docs/product.md#editor-rules): category, post, name and content required; picture optional. */
export const editorSchema = z.object({
  name: requiredString('Name is required').max(200).refine(oneLine, 'Name must be one line'),
  category: z.enum(EDITOR_CATEGORIES, { error: 'Category is required' }),
  post: z.enum(EDITOR_DESIGNATIONS, { error: 'Designation is required' }),
  content: requiredString('Affiliation is required').max(5000),
  degree: opt(200).refine(oneLine, 'Degree must be one line'),
  email: opt(200).refine(oneLine, 'Email must be one line'),
  phone: opt(50).refine(oneLine, 'Phone must be one line'),
  country: opt(100).refine(oneLine, 'Country must be one line'),
  editor_website: websiteSchema,
  status: z.enum(EDITOR_STATUSES).optional(),
});
export type EditorInput = z.input<typeof editorSchema>;
export type EditorFields = z.output<typeof editorSchema>;

/** The status switch sends a multipart body carrying only `status` (docs/product.md#admin-area). */
export const editorStatusSchema = z.object({ status: z.enum(EDITOR_STATUSES, { error: 'Status is invalid' }) });

/** POST /api/editors/pin: move the selection to the top (pinned) or remove it from the top. */
export const editorPinSchema = z.object({
  ids: z.array(objectIdSchema).min(1, 'Select at least one editor').max(1000),
  pinned: z.boolean().optional().default(true),
});
export type EditorPinInput = z.input<typeof editorPinSchema>;

export const LIST_SORTED_MESSAGE = 'List Sorted!';

/**
 * An editor as the admin API answers it (docs/product.md#entities). The public API's answer is
 * `PublicEditorRead` (public-read.schema.ts): the same fields without status, contacts left out
 * where a journal hides them.
 */
export interface AdminEditor {
  id: string;
  name: string;
  category: EditorCategory | string;
  post: string;
  content: string;
  degree: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  picture: string;
  picture_url?: string;
  status: EditorStatus | string;
  is_pinned: number;
  creation?: string;
  updated_at?: string;
}

import { z } from 'zod';
import { objectIdSchema } from './id.schema.js';
import { requiredString } from './fields.schema.js';
import { isSafeLink, linkMessage } from './link.rules.js';

/** An indexing partner as the admin adds or edits it (the logo comes as a file beside these fields). */
export const indexingInputSchema = z.strictObject({
  title: requiredString('Title is required').max(200, 'Title is too long'),
  link: z
    .string()
    .trim()
    .max(500)
    .refine(isSafeLink, linkMessage('Link'))
    .optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});
export type IndexingInputFields = z.input<typeof indexingInputSchema>;

/** The whole list in its new order: the first id is shown first. */
export const indexingReorderSchema = z.strictObject({
  ids: z.array(objectIdSchema).min(1, 'Nothing to reorder').max(500),
});

/** An indexing partner as the admin lists it. */
export interface AdminIndexingItem {
  id: string;
  title: string;
  link: string;
  image: string;
  image_url?: string;
  sortnumber: number;
  status: 'enabled' | 'disabled';
}

import { z } from 'zod';

export { listedArticleSchema, articleBatchResponseSchema, type ListedArticle, type ArticleBatchResponse } from '@journal/contracts';

const text = z.string().catch('');

/**
 * The content service's public answers, narrowed to what documents are built from. Each answer is
 * parsed with these: a missing text field reads as '', a wrong shape is the content service's
 * fault (503), never an untyped record passed on.
 */
export const documentSettingsSchema = z.object({
  websitename: text,
  formatted_journal_name: text,
  domain: text,
  websiteemail: text,
  issn: text,
  journal_essn: text,
  impactfactor: text,
  journal_frequency: text,
  publisher: text,
  flags: z.object({ showEditorContacts: z.boolean().catch(false) }).catch({ showEditorContacts: false }),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

export const documentEditorSchema = z.object({
  id: z.string(),
  name: text,
  category: text,
  post: text,
  content: text,
  degree: text,
  email: text,
  phone: text,
  country: text,
  editor_website: text,
  is_pinned: z.coerce.number().catch(0),
});
export type DocumentEditor = z.infer<typeof documentEditorSchema>;

export const documentEditorsSchema = z.array(documentEditorSchema);

// First: configures zod before any schema below is built.
import './zod-config';
export * from './rich-text';
export * from './auth.schema';
export * from './settings.schema';
export * from './issue.schema';
export * from './article.schema';
export * from './editor.schema';
export * from './worklog.schema';
export * from './journal-admin.schema';
export * from './indexing.schema';
export * from './text.rules';
export * from './article-path';
export * from './article-batch.schema';
export * from './public-read.schema';
export * from './citation-date';
export * from './doi';

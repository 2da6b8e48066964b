// First: configures zod before any schema below is built.
import './zod-config.js';
export * from './rich-text.js';
export * from './auth.schema.js';
export * from './settings.schema.js';
export * from './issue.schema.js';
export * from './article.schema.js';
export * from './editor.schema.js';
export * from './worklog.schema.js';
export * from './journal-admin.schema.js';
export * from './indexing.schema.js';
export * from './text.rules.js';
export * from './article-path.js';
export * from './article-batch.schema.js';
export * from './public-read.schema.js';
export * from './citation-date.js';
export * from './doi.js';
export * from './journal-flags.js';
export * from './public-url.js';

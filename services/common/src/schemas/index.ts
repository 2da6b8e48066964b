export * from './rich-text';
export * from './auth.schema';
export * from './settings.schema';
export * from './issue.schema';
export * from './article.schema';
export * from './editor.schema';
export * from './worklog.schema';
export * from './doi';

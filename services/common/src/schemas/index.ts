export * from './rich-text';
export * from './auth.schema';
export * from './settings.schema';

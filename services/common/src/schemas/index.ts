export * from './rich-text';
export * from './auth.schema';

export * from './core';
export * from './react';

export * from './field';
export * from './define';
export * from './schema';
export * from './api';

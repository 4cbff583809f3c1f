export * from './api';
export * from './app';
export * from './auth';
export * from './dict';
export * from './languages';
export * from './menu';
export * from './account';
export * from './notice';

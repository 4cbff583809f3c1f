/** Pure logic of encoding and scan rules, shared by the server and the screens. */
export * from './base';
export * from './truncation';
export * from './calendar';
export * from './encoding';
export * from './checksum';
export * from './gs1';
export * from './pattern';
export * from './scan';
export * from './api';
export * from './examples';

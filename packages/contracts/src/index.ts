export * from './constants';
export * from './http';
export * from './messages';

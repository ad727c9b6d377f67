export * from './catalog';
export * from './content';
export * from './resource';
export * from './system';
export * from './work';
export * from './work-item';
export * from './workflow';

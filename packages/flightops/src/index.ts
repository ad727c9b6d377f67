export * from './profile.js';

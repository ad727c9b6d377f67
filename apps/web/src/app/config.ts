/** Deployment settings read at build time (see vite-env.d.ts). */
export const HELP_URL = import.meta.env.VITE_HELP_URL || 'https://www.dita-ot.org/dev/';
export const FEEDBACK_EMAIL = import.meta.env.VITE_FEEDBACK_EMAIL || '';
export const CLOUD_HOSTS: readonly string[] = (import.meta.env.VITE_CLOUD_HOSTS || '')
  .split(',')
  .map((h) => h.trim())
  .filter(Boolean);

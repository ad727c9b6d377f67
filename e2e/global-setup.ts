import type { FullConfig } from '@playwright/test';
import { adminApi, setConfig } from './helpers';

/**
 * Once per run, before any spec: the specs' git remotes listen on 127.0.0.1, which library URLs
 * may use only when the administrator allows it. Spec files run in parallel against one fresh
 * server (scripts/test-e2e.mjs), so the setting is made here once and never put back by a spec.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL ?? '';
  const admin = await adminApi(baseURL);
  try {
    await setConfig(admin, 'ccms.library.allowPrivateUrls', '127.0.0.1');
  } finally {
    await admin.dispose();
  }
}

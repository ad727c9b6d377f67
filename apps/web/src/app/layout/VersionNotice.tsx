import { PRODUCT_VERSION, VERSION_CHECK_INTERVAL_MS } from '@ccms/contracts/constants';
import { InformationApi } from '@ccms/contracts/system/information';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../api/browser';
import { api } from '../../api/client';
import { CLOUD_HOSTS } from '../config';

/** Session-storage key of when the current check period started. */
export const VERSION_CHECK_START_KEY = 'versionCheckStart';

/** Positive when a is newer than b ("V2.10.0" > "2.9.1"). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split(/[.-]/)
      .map((p) => Number.parseInt(p, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Time until the next check: what remains of the 6-hour period started at `start`. */
export function nextCheckDelay(now: number, start: number, interval = VERSION_CHECK_INTERVAL_MS): number {
  const elapsed = now - start;
  return elapsed >= interval || elapsed < 0 ? 0 : interval - elapsed;
}

/** Asks the server for the latest version; null on any failure (silently ignored). */
export async function fetchNewerVersion(current = PRODUCT_VERSION): Promise<{ versionCode: string; url: string } | null> {
  try {
    const { versionCode, url } = await api.one(InformationApi.latest, undefined, { silent: true });
    if (!versionCode || !url || compareVersions(versionCode, current) <= 0) return null;
    return { versionCode, url };
  } catch {
    return null;
  }
}

function readStart(): number | null {
  const raw = Number(sessionStorage.getItem(VERSION_CHECK_START_KEY));
  return Number.isFinite(raw) && raw > 0 ? raw : null;
}

/**
 * Version notice (spec section 2): checks every 6 hours, skipped on the production cloud host.
 * The period's start is kept in session storage, so after a reload the next check waits only
 * for what remains. A newer version shows a notice that stays until closed.
 */
export function VersionNotice() {
  const { t } = useTranslation('layout');
  const { notification } = App.useApp();

  useEffect(() => {
    if (CLOUD_HOSTS.includes(window.location.hostname)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const check = async () => {
      sessionStorage.setItem(VERSION_CHECK_START_KEY, String(Date.now()));
      const newer = await fetchNewerVersion();
      if (stopped || !newer) return;
      notification.info({
        key: 'version-notice',
        title: t('version.title'),
        description: t('version.text', { version: newer.versionCode }),
        duration: 0,
        placement: 'bottomRight',
        actions: (
          <Button type="primary" size="small" onClick={() => browser.open(newer.url)}>
            {t('version.update')}
          </Button>
        ),
      });
    };
    const schedule = () => {
      const start = readStart();
      const delay = start === null ? 0 : nextCheckDelay(Date.now(), start);
      timer = setTimeout(async () => {
        await check();
        if (!stopped) schedule();
      }, delay);
    };
    schedule();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [notification, t]);

  return null;
}

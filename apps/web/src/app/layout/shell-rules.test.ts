import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings } from '../../state/settings-store';
import { frameHeight } from './InnerLink';
import { isMobileWidth } from './Layout';
import { visibleTopMenus } from './TopNav';
import { compareVersions, nextCheckDelay } from './VersionNotice';

describe('layout rules of spec section 2', () => {
  it('mobile below 992 px', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
  });

  it('top nav fits window width / 3 / 85 items', () => {
    expect(visibleTopMenus(1920)).toBe(7);
    expect(visibleTopMenus(1024)).toBe(4);
  });

  it('inner link frame is window height minus 94.5', () => {
    expect(frameHeight(800)).toBe(705.5);
  });

  it('layout settings default to #409EFF, light sidebar, no top nav, no tags, loose header, logo, static title', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: '#409EFF',
      sideTheme: 'theme-light',
      topNav: false,
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: true,
      dynamicTitle: false,
    });
    expect(loadSettings(JSON.stringify({ tagsView: true, theme: '#ff4500', sideTheme: 'weird', topNav: 'yes' }))).toMatchObject({
      tagsView: true,
      theme: '#ff4500',
      sideTheme: 'theme-light',
      topNav: false,
    });
    expect(loadSettings('not json')).toEqual(DEFAULT_SETTINGS);
  });

  it('version check: newer versions only; the next check waits for what remains of 6 hours', () => {
    expect(compareVersions('V2.3.0', 'V2.2.0')).toBeGreaterThan(0);
    expect(compareVersions('2.10.0', 'V2.9.1')).toBeGreaterThan(0);
    expect(compareVersions('V2.2.0', '2.2.0')).toBe(0);
    const sixHours = 21_600_000;
    expect(nextCheckDelay(1_000 + 3_600_000, 1_000)).toBe(sixHours - 3_600_000);
    expect(nextCheckDelay(1_000 + sixHours + 5, 1_000)).toBe(0);
  });
});

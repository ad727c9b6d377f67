import { describe, expect, it } from 'vitest';
import { processSettings } from './config';

describe('processSettings', () => {
  it('reads the CCMS_* settings of code that runs without an app config', () => {
    expect(
      processSettings({
        CCMS_CHROMIUM: '/opt/chromium',
        CCMS_PUBLISH_NODE_ARGS: ' --cpu-prof  --cpu-prof-dir=/tmp/prof ',
        CCMS_PUBLISH_TRACE: '1',
        CCMS_CATALOG_TRACE: 'yes',
        CCMS_SAVE_TRACE: '1',
      }),
    ).toEqual({
      chromium: '/opt/chromium',
      publishNodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'],
      publishTrace: true,
      catalogTrace: true,
      saveTrace: true,
    });
  });

  it('leaves them off when unset or empty, as the tracers did', () => {
    expect(processSettings({ CCMS_CHROMIUM: '', CCMS_PUBLISH_TRACE: '', CCMS_CATALOG_TRACE: '', CCMS_SAVE_TRACE: '' })).toEqual({
      chromium: undefined,
      publishNodeArgs: [],
      publishTrace: false,
      catalogTrace: false,
      saveTrace: false,
    });
  });
});

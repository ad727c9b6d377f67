import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** The rules `npm run lint:deps` checks (.dependency-cruiser.cjs). */
const config = require('../.dependency-cruiser.cjs');
const AREA_RULES = ['system-area-alone', 'content-area-below-work-publish-compliance'];

/**
 * A tree of planted files cruised with the repository's rules: each import that breaks the area
 * order is reported under its rule, and the imports the order allows are not.
 */
const PLANTED = {
  // server: system imports another area
  'apps/server/src/modules/system/notice/notice.routes.ts': "import { ticket } from '../../content/graphic/ticket';\nexport const a = ticket;\n",
  // server: type-only imports count
  'apps/server/src/modules/system/user/user.service.ts': "import type { Task } from '../../work/task/task.service';\nexport type A = Task;\n",
  // web: system imports monitor
  'apps/web/src/features/system/download/pages/index.tsx': "import { dateTime } from '../../../monitor/format';\nexport const a = dateTime;\n",
  // server: content imports compliance
  'apps/server/src/modules/content/topic/topic.service.ts':
    "import { readable } from '../../compliance/regulation/regulation-access';\nexport const a = readable;\n",
  // web: content loads a publish component lazily
  'apps/web/src/features/content/document/components/OutputTab.tsx': "export const load = () => import('../../../publish/output/components/PublishDialog');\n",
  // web: content imports work
  'apps/web/src/features/content/topic/pages/detail.tsx':
    "import { ReviewThreads } from '../../../work/review-comment/components/ReviewThreads';\nexport const a = ReviewThreads;\n",
  // allowed: the upper areas build on content; every area builds on the platform; the seed hashes with platform/auth
  'apps/server/src/modules/work/work.area.ts': "import { hooks } from '../content/catalog/review-hooks';\nexport const a = hooks;\n",
  'apps/server/src/modules/compliance/compliance.area.ts': "import { hooks } from '../content/topic/clause-hooks';\nexport const a = hooks;\n",
  'apps/server/src/modules/content/graphic/media-access.ts': "import { ticket } from '../../../platform/auth/media-ticket';\nexport const a = ticket;\n",
  'apps/server/src/modules/system/auth/auth.service.ts': "import { hashPassword } from '../../../platform/auth/password';\nexport const a = hashPassword;\n",
  'apps/server/src/db/seed/index.ts': "import { hashPassword } from '../../platform/auth/password';\nexport const a = hashPassword;\n",
  'apps/web/src/features/content/topic-editor/components/LeftTabs.tsx': "import { slot } from '../../../../shared/slots/slots';\nexport const a = slot;\n",
  'apps/web/src/app/slots.tsx': "import { ReviewThreads } from '../features/work/review-comment/components/ReviewThreads';\nexport const a = ReviewThreads;\n",
  // the imported files
  'apps/server/src/modules/content/graphic/ticket.ts': 'export const ticket = 1;\n',
  'apps/server/src/modules/work/task/task.service.ts': 'export type Task = { id: number };\n',
  'apps/web/src/features/monitor/format.ts': 'export const dateTime = 1;\n',
  'apps/server/src/modules/compliance/regulation/regulation-access.ts': 'export const readable = 1;\n',
  'apps/web/src/features/publish/output/components/PublishDialog.tsx': 'export const PublishDialog = 1;\n',
  'apps/web/src/features/work/review-comment/components/ReviewThreads.tsx': 'export const ReviewThreads = 1;\n',
  'apps/server/src/modules/content/catalog/review-hooks.ts': 'export const hooks = 1;\n',
  'apps/server/src/modules/content/topic/clause-hooks.ts': 'export const hooks = 1;\n',
  'apps/server/src/platform/auth/media-ticket.ts': 'export const ticket = 1;\n',
  'apps/server/src/platform/auth/password.ts': 'export const hashPassword = 1;\n',
  'apps/web/src/shared/slots/slots.ts': 'export const slot = 1;\n',
};

let base = '';
let violations = [];

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  for (const [rel, text] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  }
  const result = await cruise(['apps'], {
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  });
  violations = result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the area rules of .dependency-cruiser.cjs over planted imports', () => {
  it.each([
    ['system-area-alone', 'apps/server/src/modules/system/notice/notice.routes.ts', 'apps/server/src/modules/content/graphic/ticket.ts'],
    ['system-area-alone', 'apps/server/src/modules/system/user/user.service.ts', 'apps/server/src/modules/work/task/task.service.ts'],
    ['system-area-alone', 'apps/web/src/features/system/download/pages/index.tsx', 'apps/web/src/features/monitor/format.ts'],
    [
      'content-area-below-work-publish-compliance',
      'apps/server/src/modules/content/topic/topic.service.ts',
      'apps/server/src/modules/compliance/regulation/regulation-access.ts',
    ],
    [
      'content-area-below-work-publish-compliance',
      'apps/web/src/features/content/document/components/OutputTab.tsx',
      'apps/web/src/features/publish/output/components/PublishDialog.tsx',
    ],
    [
      'content-area-below-work-publish-compliance',
      'apps/web/src/features/content/topic/pages/detail.tsx',
      'apps/web/src/features/work/review-comment/components/ReviewThreads.tsx',
    ],
  ])('%s flags %s → %s', (rule, from, to) => {
    expect(violations).toContain(`${rule}: ${from} → ${to}`);
  });

  it('flags nothing else: upper areas on content, every area on the platform, the seed, and the app wiring the slots pass', () => {
    expect(violations).toHaveLength(6);
  });

  it('lists no exceptions', () => {
    const rules = config.forbidden.filter((r) => AREA_RULES.includes(r.name));
    expect(rules.map((r) => r.name)).toEqual(AREA_RULES);
    for (const rule of rules) {
      expect(Object.keys(rule.from)).toEqual(['path']);
      expect(Object.keys(rule.to)).toEqual(['path']);
    }
  });
});

/**
 * Import rules checked by `npm run lint:deps` (part of `npm run lint`): no import cycle in the
 * server, the web app, the DITA engine or the contracts, and the server's platform never
 * reaches into its modules (modules build on the platform, not the other way round), and the
 * areas depend in one direction (issue 35): system imports no other area; content imports none
 * of work, publish and compliance, which meet it through hooks (server) and slots (web).
 * Type-only imports count: a cycle through types is still two files that must change together.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part out, or move it below both files.',
      from: {
        path: '^(apps/server/src|apps/web/src|packages/dita/src|packages/s1000d/src|packages/ata2300/src|packages/flightops/src|packages/xmlprofile/src|packages/contracts/src)/',
      },
      to: { circular: true },
    },
    {
      name: 'platform-not-to-modules',
      severity: 'error',
      comment: 'platform/ is below modules/: pass what it needs in (a handler, a hook) instead of importing a module.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'system-area-alone',
      severity: 'error',
      comment:
        'The system area (users, roles, notifications, downloads ...) is below every other area: it imports none of them. ' +
        'Pass what it needs in (a hook the other area registers), or move the shared part to platform/ (server) or shared/ (web).',
      // No exception: the seed (db/seed) hashes the first passwords with platform/auth/password, below every area.
      from: { path: '^apps/(server/src/modules|web/src/features)/system/' },
      to: { path: '^apps/(server/src/modules|web/src/features)/(content|work|publish|compliance|monitor|tool|common)/' },
    },
    {
      name: 'content-area-below-work-publish-compliance',
      severity: 'error',
      comment:
        'The content area is below work, publish and compliance: they build on content, not the other way round. ' +
        'On the server they register a hook (see content/catalog/review-hooks.ts); on the web a slot (see shared/slots).',
      from: { path: '^apps/(server/src/modules|web/src/features)/content/' },
      to: { path: '^apps/(server/src/modules|web/src/features)/(work|publish|compliance)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

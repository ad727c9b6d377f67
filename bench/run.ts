/** Runs every benchmark in turn, each in its own process; pass names to run a subset. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches: Record<string, string> = {
  platform: 'platform/signin-userlist.ts',
  dita: 'dita/run.ts',
  git: 'git/run.ts',
  catalog: 'catalog/run.ts',
  publish: 'publish/run.ts',
  'publish-scale': 'publish/scale.ts',
  'editor-web': 'editor-web/run.ts',
  'web-first-row': 'web/first-row.ts',
  work: 'work/run.ts',
  team: 'team/run.ts',
  loop: 'loop/run.ts',
  editor: 'editor/run.ts',
  'editor-model': 'editor-model/run.ts',
  's1000d-editor': 's1000d-editor/run.ts',
  'map-editor': 'map-editor/run.ts',
  compliance: 'compliance/run.ts',
  s1000d: 's1000d/run.ts',
  's1000d-pub': 's1000d/publish.ts',
  'flightops-merge': 'flightops/merge.ts',
  ata2300: 'ata2300/run.ts',
};
const wanted = process.argv.slice(2);
for (const [name, file] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n== ${name}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`${name}: exited with ${run.status}`);
}

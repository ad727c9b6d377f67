// `npm run typecheck`: tsc for the node side, the web app and the browser tests, two at a time (each tsc uses one
// core; one after another they took about twice as long on 2 cores). Prints each one's output
// together when it ends, and fails when any fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// The server, the DITA engine, the contracts and the benchmarks share one compiler setting, so one
// program (tsconfig.node.json) checks them: each file once, where a program per folder checked the
// server again for bench/ and the engine and contracts again for the server. The web app (DOM, JSX)
// and the browser tests (DOM) have programs of their own. Largest first, so the two slots end about together.
const PROJECTS = ['tsconfig.node.json', 'apps/web', 'e2e'];
const AT_ONCE = 2;

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) results.push(await check(p));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);

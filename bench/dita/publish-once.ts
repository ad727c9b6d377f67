/** One measured publish in a fresh process: prints a JSON line with wall time, CPU, pages and peak memory. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rebuildHtml } from '../../packages/dita/src/html/html-rebuild.js';
import { publish } from '../../packages/dita/src/publisher.js';
import { FolderSource } from '../../packages/dita/src/source/file-source.js';

const [root, map, out, touch] = process.argv.slice(2);
if (root === undefined || map === undefined || out === undefined) {
  console.error('usage: publish-once.ts ROOT MAP OUT [TOPIC-TO-TOUCH]');
  process.exit(2);
}
const t0 = performance.now();
const c0 = process.cpuUsage();
const r = await publish({ source: new FolderSource(root), map, format: 'html5', out });
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const result: Record<string, unknown> = {
  wallMs,
  cpuMs: (cpu.user + cpu.system) / 1000,
  pages: r.pages,
  problems: r.problems.length,
  load: r.timings.load,
  render: r.timings.render,
};
result.maxRssMB = process.resourceUsage().maxRSS / 1024;
if (touch !== undefined && r.build !== undefined) {
  // One-topic incremental rebuilds (the process is warm, as a server would be).
  const file = path.join(root, touch);
  const original = readFileSync(file, 'utf8');
  const times: number[] = [];
  let build = r.build;
  for (let i = 0; i < 5; i++) {
    // A body edit (a title edit also rewrites every page that links to the topic).
    writeFileSync(
      file,
      original
        .replace(/<\/shortdesc>|<\/title>/, (m) => `${m}<!-- edit ${i} -->`)
        .replace(/(<(conbody|taskbody|refbody|body)[^>]*>)/, `$1<p>Edited paragraph ${i}.</p>`),
    );
    const t = performance.now();
    const rb = await rebuildHtml(build, [touch]);
    times.push(performance.now() - t);
    build = rb.build;
    result.rebuiltPages = rb.rebuilt.length;
  }
  writeFileSync(file, original);
  times.sort((a, b) => a - b);
  result.incrementalMs = times[Math.floor(times.length / 2)];
  result.incrementalBestMs = times[0];
}
result.maxRssWithRebuildsMB = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify(result));

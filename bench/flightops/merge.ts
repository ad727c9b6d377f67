/**
 * The revision merge of a customised flight-operations manual (issue 32): 2,000 generated DUs of
 * ~40 lines, an airline copy with 200 edited, a manufacturer revision touching 400 (100 of them
 * among the airline's, 20 of those on the same line), merged per DU (mergeRevision). Prints the
 * median and p95 of the runs after a first one and checks the result is what the generator
 * planted (no figure otherwise). Target: < 10 s. `--dus`, `--airline`, `--revised`, `--runs`.
 */
import { mergeRevision } from '../../apps/server/src/modules/content/flightops/revision-merge';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DUS = arg('dus', 2000);
const AIRLINE = arg('airline', 200);
const REVISED = arg('revised', 400);
const RUNS = arg('runs', 5);
const LINES = 40;

const du = (n: number, edit?: { line: number; text: string }, edit2?: { line: number; text: string }) => {
  const lines = [`<du id="DU-${n}">`, `  <title>Documentary unit ${n}</title>`];
  for (let i = 0; i < LINES; i++) lines.push(`  <para>Solution line ${i} of DU ${n}: check the system and set the switch as required.</para>`);
  lines.push('</du>');
  for (const e of [edit, edit2]) if (e) lines[e.line] = e.text;
  return lines.join('\n');
};
const pathOf = (n: number) => `du/DU-${String(n).padStart(5, '0')}.xml`;

// The airline edits DUs 0, 10, 20, ... (line 5); the revision touches a quarter of its DUs among the
// airline's (line 20) and the rest elsewhere (2, 7, 12, ...); on every fifth DU it shares with the
// airline it rewrites line 5 too: a conflict.
const airlineSet = new Set(Array.from({ length: AIRLINE }, (_, i) => i * Math.floor(DUS / AIRLINE)));
const sharedCount = Math.min(AIRLINE, Math.floor(REVISED / 4));
const revisedSet = new Set([...[...airlineSet].slice(0, sharedCount), ...Array.from({ length: REVISED - sharedCount }, (_, i) => (i * 5 + 2) % DUS)]);
const shared = [...revisedSet].filter((n) => airlineSet.has(n));
const conflicting = new Set(shared.filter((_, i) => i % 5 === 0));

const base = new Map<string, string>();
const airline = new Map<string, string>();
const manufacturer = new Map<string, string>();
for (let n = 0; n < DUS; n++) {
  base.set(pathOf(n), du(n));
  airline.set(pathOf(n), airlineSet.has(n) ? du(n, { line: 5, text: `  <para>Airline wording ${n}.</para>` }) : du(n));
  manufacturer.set(
    pathOf(n),
    revisedSet.has(n)
      ? du(
          n,
          { line: 20, text: `  <para>Revision 2 of DU ${n}.</para>` },
          conflicting.has(n) ? { line: 5, text: `  <para>Manufacturer wording ${n}.</para>` } : undefined,
        )
      : du(n),
  );
}

const times: number[] = [];
let last: ReturnType<typeof mergeRevision> | undefined;
for (let r = 0; r <= RUNS; r++) {
  const t0 = performance.now();
  last = mergeRevision(base, manufacturer, airline);
  if (r > 0) times.push(performance.now() - t0);
}
const report = last?.report;
const expected = { revised: REVISED - shared.length, merged: shared.length - conflicting.size, kept: AIRLINE - shared.length, conflicts: conflicting.size };
const got = { revised: report?.revised.length, merged: report?.merged.length, kept: report?.airlineKept.length, conflicts: report?.conflicts.length };
console.log(
  `${DUS} DUs x ${LINES + 3} lines; airline edits ${AIRLINE}; revision touches ${REVISED} (${shared.length} shared, ${conflicting.size} conflicting)`,
);
if (JSON.stringify(expected) !== JSON.stringify(got)) {
  console.log(`result differs from what was planted: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}; no figure`);
  process.exit(1);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0;
console.log(`result: ${got.revised} revised, ${got.merged} merged, ${got.kept} airline-kept, ${got.conflicts} conflicts (as planted)`);
console.log(
  `merge: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${RUNS} runs (target < 10,000 ms: ${(10_000 / Math.max(median, 1)).toFixed(0)}x under)`,
);

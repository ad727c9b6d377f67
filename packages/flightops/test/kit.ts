/**
 * A flight-operations package in the product's profile (docs/flightops-profile.md), generated for
 * tests: 30 DUs in three chapters of an FCOM, two aircraft (MSN 0101 B-6101; MSN 0205 B-6205 with
 * modification 12345 embodied). Each solution's text carries a marker naming its aircraft
 * (`ALPHA-0101-<n>`, `BRAVO-0205-<n>`, `COMMON-<n>`) so an output shows which solutions it holds.
 *
 * - DU n with n % 5 === 0: one solution for every aircraft (no effectivity);
 * - DU n with n % 7 === 0: one solution, for MSN 0205 only (not effective for 0101);
 * - otherwise S1 for MSN 0101 and S2 for MSN 0205 (needing modification 12345 when n is even).
 *
 * So 26 DUs are effective for 0101 and all 30 for 0205.
 */
export const FLEET = `<fleet>
  <aircraft msn="0101" registration="B-6101"/>
  <aircraft msn="0205" registration="B-6205" mods="12345 20001"/>
</fleet>
`;

const CHAPTERS = [
  { ata: 21, title: 'Air conditioning' },
  { ata: 24, title: 'Electrical' },
  { ata: 36, title: 'Pneumatic' },
];
const TYPES = ['procedure', 'description', 'limitation', 'performance', 'dispatchItem'] as const;

export const duId = (n: number) => `DU-${CHAPTERS[Math.floor((n - 1) / 10)]?.ata ?? 99}-${String(n).padStart(3, '0')}`;
export const duPath = (n: number, folder = 'fcom') => `${folder}/du/${duId(n)}.xml`;
export const effectiveFor0101 = (n: number) => n % 7 !== 0 || n % 5 === 0;

export function duXml(n: number, edits: { title?: string; alpha?: string; bravo?: string } = {}): string {
  const id = duId(n);
  const type = TYPES[(n - 1) % TYPES.length];
  const title = edits.title ?? `${CHAPTERS[Math.floor((n - 1) / 10)]?.title} item ${n}`;
  const solutions =
    n % 5 === 0
      ? [`  <solution id="S1">`, `    <para>COMMON-${n} applies to every aircraft.</para>`, '    <note>Check the ECAM.</note>', '  </solution>']
      : n % 7 === 0
        ? [`  <solution id="S2"><effectivity msn="0205"/>`, `    <step>${edits.bravo ?? `BRAVO-0205-${n} select ON.`}</step>`, '  </solution>']
        : [
            `  <solution id="S1"><effectivity msn="0101"/>`,
            `    <step>${edits.alpha ?? `ALPHA-0101-${n} select OFF.`}</step>`,
            '    <caution>Wait 30 seconds.</caution>',
            '  </solution>',
            `  <solution id="S2"><effectivity msn="0205"${n % 2 === 0 ? ' mod="12345"' : ''}/>`,
            `    <step>${edits.bravo ?? `BRAVO-0205-${n} select AUTO.`}</step>`,
            '    <ul><li>Monitor the pressure.</li></ul>',
            '  </solution>',
          ];
  return [`<du id="${id}" type="${type}" manual="FCOM">`, `  <title>${title}</title>`, ...solutions, '</du>', ''].join('\n');
}

export function pslXml(revision = '2026-04', count = 30): string {
  const chapters = CHAPTERS.map((c, i) => {
    const refs: string[] = [];
    for (let n = i * 10 + 1; n <= Math.min(count, i * 10 + 10); n++) refs.push(`<duRef ref="${duId(n)}"/>`);
    return `  <chapter><title>${c.title}</title>\n    <section><title>Procedures</title>${refs.join('')}</section>\n  </chapter>`;
  });
  return `<psl manual="FCOM" revision="${revision}">\n  <title>Flight crew operating manual</title>\n${chapters.join('\n')}\n</psl>\n`;
}

/** The package's files by path (under `folder`), with the fleet at the root. */
export function flightopsPackage(folder = 'fcom'): Record<string, string> {
  const files: Record<string, string> = { 'fleet.xml': FLEET, [`${folder}/psl.xml`]: pslXml() };
  for (let n = 1; n <= 30; n++) files[duPath(n, folder)] = duXml(n);
  return files;
}

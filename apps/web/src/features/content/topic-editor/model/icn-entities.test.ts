import { describe, expect, it } from 'vitest';
import { entityUses, type IcnFile, syncIcnEntities } from './icn-entities';

const MODULE = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE dmodule[

<!NOTATION cgm PUBLIC "-//USA-DOD//NOTATION Computer Graphics Metafile//EN">
<!NOTATION png PUBLIC "-//W3C//NOTATION Portable Network Graphics//EN">
<!ENTITY ICN-A SYSTEM "ICN-A.CGM" NDATA cgm >
<!ENTITY ICN-UNUSED SYSTEM "ICN-UNUSED.CGM" NDATA cgm >
]>
<dmodule><content><description><figure><title>A</title><graphic infoEntityIdent="ICN-A"/></figure></description></content></dmodule>
`;
const known = (...files: IcnFile[]) => new Map(files.map((f) => [f.icn, f]));

describe('ICN entities of the internal subset', () => {
  it('changes nothing when the graphics did not change (an unused declaration stays)', () => {
    expect(syncIcnEntities(MODULE, MODULE, known())).toBe(MODULE);
    expect(entityUses(MODULE)).toEqual(new Set(['ICN-A']));
  });

  it('adds the ENTITY of an inserted graphic, and its NOTATION when the format has none', () => {
    const edited = MODULE.replace('</description>', '<figure><title>B</title><graphic infoEntityIdent="ICN-B"/></figure></description>');
    const out = syncIcnEntities(edited, MODULE, known({ icn: 'ICN-B', file: 'ICN-B.JPG' }));
    expect(out).toContain(
      '<!ENTITY ICN-UNUSED SYSTEM "ICN-UNUSED.CGM" NDATA cgm >\n<!NOTATION jpeg PUBLIC "+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION Joint Photographic Experts Group Raster//EN">\n<!ENTITY ICN-B SYSTEM "ICN-B.JPG" NDATA jpeg>\n]>',
    );
    // A second CGM needs no NOTATION: cgm is declared.
    const cgm = syncIcnEntities(edited.replace('ICN-B', 'ICN-C'), MODULE, known({ icn: 'ICN-C', file: 'ICN-C.CGM' }));
    expect(cgm).toContain('<!ENTITY ICN-C SYSTEM "ICN-C.CGM" NDATA cgm>\n]>');
    expect(cgm.match(/<!NOTATION cgm/g)).toHaveLength(1);
  });

  it('removes the ENTITY when its last use goes, and the NOTATION no entity names any more', () => {
    const png = MODULE.replace('<!ENTITY ICN-A SYSTEM "ICN-A.CGM" NDATA cgm >', '<!ENTITY ICN-A SYSTEM "ICN-A.PNG" NDATA png >');
    const edited = png.replace('<figure><title>A</title><graphic infoEntityIdent="ICN-A"/></figure>', '');
    const out = syncIcnEntities(edited, png, known());
    expect(out).not.toContain('ICN-A');
    expect(out).not.toContain('<!NOTATION png');
    expect(out).toContain('<!NOTATION cgm');
    expect(out).toContain('<!ENTITY ICN-UNUSED');
  });

  it('writes a DOCTYPE with an internal subset into a module that had none', () => {
    const bare = '<?xml version="1.0"?>\n<dmodule><content/></dmodule>\n';
    const edited = bare.replace('<content/>', '<content><graphic infoEntityIdent="ICN-X"/></content>');
    expect(syncIcnEntities(edited, bare, known({ icn: 'ICN-X', file: 'ICN-X.CGM' }))).toBe(
      '<?xml version="1.0"?>\n<!DOCTYPE dmodule [\n<!NOTATION cgm PUBLIC "-//USA-DOD//NOTATION Computer Graphics Metafile//EN">\n<!ENTITY ICN-X SYSTEM "ICN-X.CGM" NDATA cgm>\n]>\n<dmodule><content><graphic infoEntityIdent="ICN-X"/></content></dmodule>\n',
    );
  });
});

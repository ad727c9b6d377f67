import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ata2300Rows } from './ata2300-rows';
import type { StoredTocNode } from './toc';

/**
 * The catalogue rows of an ATA Spec 2300 branch, on the package's own test set (CX100 FCOM chapter
 * 21): one topic per data module and its status file, one document per PM and its status, the PM's
 * toc resolved to the content files, references as links; a module without its status file and a
 * broken reference are said where they are.
 */
const SET = path.resolve(import.meta.dirname, '../../../../../../packages/ata2300/test/fcom-set');

function branch(extra: Record<string, string> = {}, without: string[] = []) {
  const contents = new Map<string, Buffer>();
  for (const f of readdirSync(SET)) if (!without.includes(f)) contents.set(`fcom/${f}`, readFileSync(path.join(SET, f)));
  for (const [p, text] of Object.entries(extra)) contents.set(p, Buffer.from(text));
  contents.set('graphics/ICN-CX100-00001.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const files = new Map([...contents].map(([p, b], i) => [p, { oid: `oid${i}`, size: b.length }]));
  return { files, read: (p: string) => contents.get(p) };
}

describe('ATA Spec 2300 catalogue rows', () => {
  it('11 topics and 1 document from 24 files; each topic carries its status file’s facts; no problem', () => {
    const { files, read } = branch();
    const rows = ata2300Rows(files, read);
    expect(rows.problems).toEqual([]);
    expect(rows.topics).toHaveLength(11);
    expect(rows.documents).toHaveLength(1);
    const perf = rows.topics.find((t) => t.no === 'DMC-CX100-A-21-00-00-00A-051A-A');
    expect(perf).toMatchObject({
      path: 'fcom/DMC-CX100-A-21-00-00-00A-051A-A_EN-US.XML',
      title: 'Fuel penalty with one pack',
      revision: '2026-09-15',
      language: 'en-US',
      docType: 'Performance',
      shortdesc: 'CX100-200',
    });
    expect(perf?.facts).toMatchObject({ standard: 'ata2300', statusFile: 'fcom/DMS-CX100-A-21-00-00-00A-051A-A_EN-US.XML', approvalRequired: 'yes' });
    expect(perf?.search).toContain('fl 350');
    expect(rows.resources).toEqual([expect.objectContaining({ path: 'graphics/ICN-CX100-00001.png', type: 'image' })]);
  });

  it('the PM is a document whose toc lists its nine modules resolved to their content files, its files the PM, its status and the modules', () => {
    const { files, read } = branch();
    const doc = ata2300Rows(files, read).documents[0];
    expect(doc).toMatchObject({ docNbr: 'PMC-CX100-CCMS1-00021-01', name: 'FCOM chapter 21: air conditioning', topicCount: 9, brokenCount: 0 });
    const refs = ((doc?.toc ?? []) as StoredTocNode[]).flatMap(function walk(n): StoredTocNode[] {
      return [n, ...n.c.flatMap(walk)];
    });
    expect(refs.filter((n) => n.e === 'dmRef').map((n) => n.p?.split('/')[1]?.slice(0, 36))).toEqual([
      'DMC-CX100-A-21-00-00-00A-040A-A_EN-U',
      'DMC-CX100-A-21-00-01-00A-11EA-A_EN-U',
      'DMC-CX100-A-21-00-02-00A-11EA-A_EN-U',
      'DMC-CX100-A-21-00-00-00A-131A-A_EN-U',
      'DMC-CX100-A-21-00-01-00A-141A-A_EN-U',
      'DMC-CX100-A-21-00-00-00A-031A-A_EN-U',
      'DMC-CX100-A-21-00-00-00A-051A-A_EN-U',
      'DMC-CX100-A-21-00-01-00A-081A-A_EN-U',
      'DMC-CX100-A-21-00-02-00A-081A-A_EN-U',
    ]);
    expect(doc?.files).toHaveLength(11);
    expect(doc?.files).toContain('fcom/PMS-CX100-CCMS1-00021-01_EN-US.XML');
  });

  it('references inside modules are resolved links; a missing status and a broken reference are located problems and links', () => {
    const broken = `<?xml version="1.0"?>
<dmodule xmlns="http://www.ataebiz.org/XMLSchema">
  <dmIdent><dmCode modelIdentCode="CX100" systemDiffCode="A" systemCode="21" subSystemCode="0" subSubSystemCode="0" assyCode="09" disassyCode="00" disassyCodeVariant="A" infoCode="040" infoCodeVariant="A" itemLocationCode="A"/><language countryIsoCode="US" languageIsoCode="en"/></dmIdent>
  <issueInfo issueDate="2026-10-01"/>
  <content><systemDescription><title>Orphan</title><para><dmRef><dmRefIdent><dmCode modelIdentCode="CX100" systemDiffCode="A" systemCode="99" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="A" infoCode="040" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef></para></systemDescription></content>
</dmodule>`;
    const { files, read } = branch({ 'fcom/orphan.xml': broken });
    const rows = ata2300Rows(files, read);
    expect(rows.links.filter((l) => l.resolved).map((l) => l.value)).toEqual(
      expect.arrayContaining(['DMC-CX100-A-21-00-00-00A-131A-A', 'DMC-CX100-A-21-00-01-00A-141A-A']),
    );
    expect(rows.links.filter((l) => !l.resolved)).toEqual([
      expect.objectContaining({ sourcePath: 'fcom/orphan.xml', line: 5, value: 'DMC-CX100-A-99-00-00-00A-040A-A' }),
    ]);
    expect(rows.problems.map((p) => [p.path, p.code])).toEqual([['fcom/orphan.xml', 'ata-status-missing']]);
    expect(rows.topics.find((t) => t.path === 'fcom/orphan.xml')?.problems).toBe(1);
  });

  it('a status file whose content is gone is said on the status file; broken XML on its line', () => {
    const { files, read } = branch({ 'fcom/bad.xml': '<dmodule>\n<dmIdent></dmodule>' }, ['DMC-CX100-A-21-00-00-00A-031A-A_EN-US.XML']);
    const rows = ata2300Rows(files, read);
    expect(rows.topics).toHaveLength(10);
    expect(rows.problems.map((p) => [p.path, p.code, p.line])).toEqual([
      ['fcom/bad.xml', 'ata-not-well-formed', 2],
      ['fcom/DMS-CX100-A-21-00-00-00A-031A-A_EN-US.XML', 'ata-status-orphan', 1],
    ]);
    expect(rows.problems[1]?.messageZh).toContain('没有内容文件');
  });
});

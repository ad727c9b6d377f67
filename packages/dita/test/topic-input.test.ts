import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/publish/check.js';
import { publish } from '../src/publisher.js';
import { MemorySource } from '../src/source/file-source.js';
import { CONCEPT, mainOf, tempDir } from './fixture-helpers.js';

// DITA-OT accepts a topic as the input of a build ("dita -i topic.dita -f html5"): it publishes that topic as
// if a map referenced it, resolving its conrefs.
const FILES = {
  'topics/install.dita': CONCEPT(
    'install',
    'Installing',
    '<p conref="../shared/lib.dita#lib/warn"/><p>See <xref href="#install/s"/> and <xref href="../shared/lib.dita"/>.</p><section id="s"><title>Steps</title></section>',
  ),
  'shared/lib.dita': CONCEPT('lib', 'Library', '<p id="warn">Switch the power off first.</p>'),
};

describe('a topic as input', () => {
  it('check reads the topic and what it references, without "not a map"', async () => {
    const result = await check({ source: new MemorySource(FILES), map: 'topics/install.dita', dtd: false });
    expect(result.problems).toEqual([]);
    expect(result.files).toBe(2);
  });

  it('check reports a broken conref of the topic, located', async () => {
    const result = await check({
      source: new MemorySource({ 'a.dita': CONCEPT('a', 'A', '\n<p conref="gone.dita#g/p"/>') }),
      map: 'a.dita',
      dtd: false,
    });
    expect(result.problems.map((p) => `${p.code} ${p.file}:${p.line}`)).toEqual(['conref-missing-file a.dita:4']);
  });

  it('publish writes the topic as a page with its conrefs resolved, titled by the topic', async () => {
    const out = tempDir();
    const result = await publish({ source: new MemorySource(FILES), map: 'topics/install.dita', format: 'html5', out });
    expect(result.problems).toEqual([]);
    expect(result.pages).toBeGreaterThanOrEqual(1);
    // Pages sit relative to the input's folder, as DITA-OT writes out/install.html for topics/install.dita.
    const page = mainOf(readFileSync(path.join(out, 'install.html'), 'utf8'));
    expect(page).toContain('<p class="p">Switch the power off first.</p>');
    expect(page).toContain('<a class="xref" href="#install__s">Steps</a>');
    expect(readFileSync(path.join(out, 'nav.js'), 'utf8')).toBe('window.CCMS_NAV=[{"t":"Installing","h":"install.html"}];\n');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<title>Installing</title>');
    rmSync(out, { recursive: true, force: true });
  });

  it('still refuses a document that is neither a map nor a topic', async () => {
    const result = await check({ source: new MemorySource({ 'x.xml': '<note>hi</note>' }), map: 'x.xml', dtd: false });
    expect(result.problems.map((p) => `${p.severity} ${p.code} ${p.message}`)).toEqual(['error map-not-a-map <note> is neither a DITA map nor a topic']);
  });
});

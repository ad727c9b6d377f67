import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, tempDir } from '../test/fixture-helpers.js';
import { runCli } from './cli.js';

const BIN = fileURLToPath(new URL('../bin/ccms-dita.mjs', import.meta.url));

function io(tty = false) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s), isTTY: tty } };
}

describe('ccms-dita CLI', () => {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src/map.ditamap'), MAP('<topicref href="a.dita"/><topicref href="gone.dita"/>'));
  writeFileSync(path.join(dir, 'src/a.dita'), CONCEPT('a', 'A', '<p audience="x">hidden</p><p>shown</p>'));
  writeFileSync(path.join(dir, 'f.ditaval'), '<val><prop att="audience" val="x" action="exclude"/></val>');

  it('publishes HTML5 with a DITAVAL, shows progress on a terminal and a problem summary', async () => {
    const c = io(true);
    const code = await runCli(
      ['publish', path.join(dir, 'src/map.ditamap'), '--format', 'html5', '--ditaval', path.join(dir, 'f.ditaval'), '--out', path.join(dir, 'out')],
      c.io,
    );
    expect(code).toBe(0);
    expect(c.err.join('')).toContain('[##############################] 1/1');
    const text = c.out.join('');
    expect(text).toContain('published 1 page(s)');
    expect(text).toContain('map.ditamap:3:54: warning [topic-missing] "gone.dita": file gone.dita not found');
    expect(text).toContain('0 error(s), 1 warning(s)');
    const page = readFileSync(path.join(dir, 'out/a.html'), 'utf8');
    expect(page).toContain('shown');
    expect(page).not.toContain('hidden');
  });

  it('checks with the same progress and summary as publish', async () => {
    const c = io(true);
    expect(await runCli(['check', path.join(dir, 'src/map.ditamap'), '--no-dtd'], c.io)).toBe(0);
    expect(c.err.join('')).toContain('\rchecking [##############################] 2/2\n');
    const text = c.out.join('');
    expect(text).toMatch(/^checked 2 file\(s\) \(well-formedness, DTD 0, built-in rules 2\) in \d+\.\d\d s\n/);
    expect(text).toContain('map.ditamap:3:54: warning [topic-missing] "gone.dita": file gone.dita not found');
    expect(text).toContain('0 error(s), 1 warning(s), 0 info: topic-missing 1\n');
  });

  it('runs from its bin script with plain node', () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, [BIN, 'check', path.join(dir, 'src/map.ditamap'), '--no-dtd'], { encoding: 'utf8', env, cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('checked 2 file(s)');
    expect(r.stdout).toContain('0 error(s), 1 warning(s)');
    const u = spawnSync(process.execPath, [BIN, 'frobnicate'], { encoding: 'utf8', env, cwd: dir });
    expect(u.status).toBe(2);
    expect(u.stderr).toContain('usage: ccms-dita check <map|topic>');
  });

  it('checks and exits 1 on errors; 2 on bad usage', async () => {
    writeFileSync(path.join(dir, 'src/a.dita'), '<concept id="a"><title>A</concept>');
    const c = io();
    expect(await runCli(['check', path.join(dir, 'src/map.ditamap'), '--no-dtd'], c.io)).toBe(1);
    expect(c.out.join('')).toMatch(/a\.dita:1:\d+: error \[xml-malformed\]/);
    const j = io();
    await runCli(['check', path.join(dir, 'src/map.ditamap'), '--json', '--no-dtd'], j.io);
    expect(JSON.parse(j.out.join('')).problems).toHaveLength(2);
    const u = io();
    expect(await runCli(['publish', path.join(dir, 'src/map.ditamap')], u.io)).toBe(2);
    expect(u.err.join('')).toContain('publish needs --out');
    expect(await runCli(['frobnicate'], io().io)).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });
});

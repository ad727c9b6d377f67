/** Reading a folder of CSDB files from disk (tests, command-line use); the server passes file contents itself. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFileName } from './codes.js';
import { Csdb } from './csdb.js';
import { type CsdbObject, describeFile } from './describe.js';

/** Describes every S1000D file of a folder (not recursive; other files ignored), each parsed once. */
export function describeFolder(dir: string): CsdbObject[] {
  const out: CsdbObject[] = [];
  for (const name of readdirSync(dir).sort()) {
    const parsed = parseFileName(name);
    if (parsed === undefined) continue;
    const file = path.join(dir, name);
    out.push(parsed.kind === 'icn' ? describeFile(file) : describeFile(file, readFileSync(file)));
  }
  return out;
}

export function readCsdbFolder(dir: string): Csdb {
  return new Csdb(describeFolder(dir));
}

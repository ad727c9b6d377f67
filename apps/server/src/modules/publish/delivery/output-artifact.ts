import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** What a delivery needs of an output: where its files are and what it is. */
export interface OutputFiles {
  outputId: number;
  format: string;
  /** Absolute folder of the output's files. */
  dir: string;
  /** The entry file relative to dir (index.html, or the PDF). */
  entryFile: string;
}

/** The one file a delivery sends: a PDF output as itself, any other output as a zip of its folder. */
export interface Artifact {
  file: string;
  extension: string;
  dispose(): Promise<void>;
}

async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

export async function artifactOf(output: OutputFiles, tmpDir: string, tag: string): Promise<Artifact> {
  if (output.format === 'pdf' && output.entryFile.toLowerCase().endsWith('.pdf')) {
    return { file: path.join(output.dir, output.entryFile), extension: 'pdf', dispose: async () => undefined };
  }
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const file = path.join(tmpDir, `delivery-${tag}.zip`);
  const zip = new yazl.ZipFile();
  // Fixed times: the same output zips to the same bytes, so receipts of repeated deliveries compare.
  const mtime = new Date(Date.UTC(2000, 0, 1));
  for (const abs of await filesUnder(output.dir)) {
    zip.addReadStream(createReadStream(abs), path.relative(output.dir, abs).split(path.sep).join('/'), { mtime });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file, { mode: 0o600 }));
  return { file, extension: 'zip', dispose: () => rm(file, { force: true }) };
}

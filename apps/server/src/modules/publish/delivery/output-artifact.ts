import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../../platform/storage/storage';
import { zipOfStore } from '../../../platform/storage/zip-store';

/** What a delivery needs of an output: its files (the store's scope of that output) and what it is. */
export interface OutputFiles {
  outputId: number;
  format: string;
  /** The output's files, keys relative to the output. */
  files: Storage;
  /** The entry file's key (index.html, or the PDF). */
  entryFile: string;
}

/** The one file a delivery sends: a PDF output as itself, any other output as a zip of its folder. */
export interface Artifact {
  file: string;
  extension: string;
  dispose(): Promise<void>;
}

export async function artifactOf(output: OutputFiles, tmpDir: string, tag: string): Promise<Artifact> {
  const isPdf = output.format === 'pdf' && output.entryFile.toLowerCase().endsWith('.pdf');
  // A PDF on this node's disk is sent as it is; anything else is written to a file of this delivery's own first.
  if (isPdf && output.files.localPathOf) return { file: output.files.localPathOf(output.entryFile), extension: 'pdf', dispose: async () => undefined };
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const extension = isPdf ? 'pdf' : 'zip';
  const file = path.join(tmpDir, `delivery-${tag}.${extension}`);
  // Fixed times: the same output zips to the same bytes, so receipts of repeated deliveries compare.
  const source = isPdf ? await output.files.read(output.entryFile) : await zipOfStore(output.files, { mtime: new Date(Date.UTC(2000, 0, 1)) });
  await pipeline(source, createWriteStream(file, { mode: 0o600 }));
  return { file, extension, dispose: () => rm(file, { force: true }) };
}

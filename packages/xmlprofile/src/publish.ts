/**
 * A profile library's grouping file published: its toc as navigation and each unit it refers to
 * as a page (HTML5), or everything in one printed book (PDF, in the confined Chromium page the
 * other standards print in), styled by the profile's CSS.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { DEFAULT_CHROMIUM, withConfinedPage } from '@ccms/dita/shared-output';
import { compileProfile, describeProfileFile, type ProfileObject, type ProfileTocItem, profileResolver, resolvePath } from './describe.js';
import { patternRegExp } from './files.js';
import { escapeAttr, escapeText, renderUnit } from './render.js';

export interface ProfilePublishOptions {
  /** The folder holding the library's files. */
  dir: string;
  /** The grouping file's path in `dir`. */
  document: string;
  out: string;
  format: 'html5' | 'pdf';
  profile: XmlProfileSpec;
  chromium?: string;
}

export interface ProfilePublishResult {
  /** The units published, by path, in toc order. */
  units: string[];
  /** References of the toc that lead nowhere. */
  missing: string[];
  pdfFile?: string;
}

export class ProfilePublishError extends Error {
  constructor(
    readonly code: 'notDocument',
    readonly value: string,
  ) {
    super(`${code}: ${value}`);
  }
}

async function filesUnder(dir: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, under), { withFileTypes: true })) {
    if (e.name === '.git') continue;
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}

const BASE_CSS = `
body { font-family: "Noto Sans", "Noto Sans CJK SC", sans-serif; margin: 0; display: flex; }
nav.xp-toc { flex: 0 0 16rem; padding: 1rem; border-right: 1px solid #ddd; font-size: 0.9em; }
nav.xp-toc ul { list-style: none; padding-left: 0.8em; }
main { flex: 1 1 auto; padding: 1rem 2rem; max-width: 48rem; }
table { border-collapse: collapse; } td { border: 1px solid #ccc; padding: 0.2em 0.5em; }
@media print { body { display: block; } .xp-unit { break-before: page; } .xp-cover { break-after: page; } }
`;

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeText(title)}</title><link rel="stylesheet" href="profile.css"></head><body>${body}</body></html>`;

export async function publishProfile(options: ProfilePublishOptions): Promise<ProfilePublishResult> {
  const profile = compileProfile(options.profile);
  const pattern = patternRegExp(options.profile.filePattern);
  const all = await filesUnder(options.dir);
  const objects: ProfileObject[] = [];
  for (const f of all.filter((f) => pattern.test(f))) objects.push(describeProfileFile(f, await readFile(path.join(options.dir, f)), profile));
  const doc = objects.find((o) => o.file === options.document);
  if (doc?.kind !== 'document') throw new ProfilePublishError('notDocument', options.document);
  const existing = new Set(all);
  const { resolve } = profileResolver(objects);
  const units: string[] = [];
  const inBook = new Set<string>();
  const missing: string[] = [];
  const pageName = (file: string) => `${file.replace(/\.[^.]+$/, '').replace(/[^\w-]+/g, '_')}.html`;
  const titleOf = new Map(objects.map((o) => [o.file, o.title || o.id || o.file]));
  const isPdf = options.format === 'pdf';
  const link = (file: string) => (isPdf ? `#u-${pageName(file)}` : pageName(file));
  const nav = (items: ProfileTocItem[]): string =>
    `<ul>${items
      .map((it) => {
        if (it.kind === 'group') return `<li><span>${escapeText(it.title)}</span>${nav(it.items)}</li>`;
        const target = resolve(it.ref, doc.file, (p) => existing.has(p));
        if (!target) {
          missing.push(it.ref.value);
          return `<li class="xp-missing">${escapeText(it.ref.value)}</li>`;
        }
        if (!inBook.has(target)) {
          inBook.add(target);
          units.push(target);
        }
        return `<li><a href="${escapeAttr(link(target))}">${escapeText(titleOf.get(target) ?? target)}</a></li>`;
      })
      .join('')}</ul>`;
  const toc = `<nav class="xp-toc"><h2>${escapeText(doc.title || doc.id)}</h2>${nav(doc.toc)}</nav>`;
  await mkdir(options.out, { recursive: true });
  await writeFile(path.join(options.out, 'profile.css'), `${BASE_CSS}\n${options.profile.css}`);
  // Images and other path targets of the units are copied beside the pages.
  const hrefOf = (from: string) => (el: { name: string; attrs: Record<string, string> }) => {
    for (const r of profile.refsByElement.get(el.name) ?? []) {
      const value = el.attrs[r.attribute];
      if (!value) continue;
      const target = resolve({ element: el.name, attribute: r.attribute, target: r.target, value, line: 0, column: 0 }, from, (p) => existing.has(p));
      if (target && inBook.has(target)) return link(target);
      if (target && r.target === 'path') return target;
    }
    return undefined;
  };
  const bodies = new Map<string, string>();
  for (const u of units) bodies.set(u, renderUnit(await readFile(path.join(options.dir, u)), profile, { hrefOf: hrefOf(u), level: isPdf ? 2 : 1 }));
  for (const f of all)
    if (!pattern.test(f) && /\.(?:png|jpe?g|gif|svg|webp)$/i.test(f)) {
      await mkdir(path.dirname(path.join(options.out, f)), { recursive: true });
      await writeFile(path.join(options.out, f), await readFile(path.join(options.dir, f)));
    }
  const title = doc.title || doc.id || doc.file;
  if (!isPdf) {
    await writeFile(path.join(options.out, 'index.html'), page(title, `${toc}<main><h1 class="xp-cover">${escapeText(title)}</h1></main>`));
    for (const u of units) await writeFile(path.join(options.out, pageName(u)), page(titleOf.get(u) ?? u, `${toc}<main>${bodies.get(u) ?? ''}</main>`));
    return { units, missing };
  }
  const sections = units.map((u) => `<section class="xp-unit" id="u-${escapeAttr(pageName(u))}">${bodies.get(u) ?? ''}</section>`).join('');
  await writeFile(path.join(options.out, 'print.html'), page(title, `<main><h1 class="xp-cover">${escapeText(title)}</h1>${toc}${sections}</main>`));
  const pdfFile = path.join(options.out, `${path.basename(doc.file).replace(/\.[^.]+$/, '')}.pdf`);
  await withConfinedPage({ executable: options.chromium ?? DEFAULT_CHROMIUM, root: options.out }, async (tab) => {
    await tab.goto(pathToFileURL(path.join(options.out, 'print.html')).href, { waitUntil: 'load' });
    await writeFile(
      pdfFile,
      await tab.pdf({ format: 'A4', printBackground: true, outline: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } }),
    );
  });
  return { units, missing, pdfFile };
}

export { resolvePath };

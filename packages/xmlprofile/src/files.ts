import type { FileRole, StandardFiles } from '@ccms/contracts/content/standard';

/**
 * An XML profile library's reading of file paths (the content-standard seam). A profile names
 * its files by a pattern and tells units from documents by their root elements, so by the name
 * alone any `.xml` is a source whose role its content decides (as DITA's `.xml`), and an image a
 * resource. `profileFiles` is the sharper reading once the profile is known (the server has it).
 */
const XML = /\.xml$/i;
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|tiff?|mp4|webm)$/i;

export const xmlProfileFiles: StandardFiles = {
  id: 'xmlprofile',
  roleOf(path: string): FileRole {
    if (IMAGE.test(path)) return 'resource';
    return 'other';
  },
  isSource: (path: string) => XML.test(path),
};

/** A file name pattern (`**` folders, `*` a name part, `?` a character, `{a,b}` alternatives) as a regular expression of the whole path. */
export function patternRegExp(pattern: string): RegExp {
  let out = '';
  let i = 0;
  let group = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` any folders (none too); a trailing `**` anything.
      if (pattern[i + 2] === '/') {
        out += '(?:[^/]*/)*';
        i += 3;
      } else {
        out += '.*';
        i += 2;
      }
      continue;
    }
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      group++;
      out += '(?:';
    } else if (c === '}' && group > 0) {
      group--;
      out += ')';
    } else if (c === ',' && group > 0) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
    i++;
  }
  if (group !== 0) throw new Error('unbalanced braces');
  return new RegExp(`^${out}$`, 'i');
}

/** The files a profile reads: its pattern, plus the path reading above for resources. */
export function profileFiles(filePattern: string): StandardFiles {
  const re = patternRegExp(filePattern);
  return {
    id: 'xmlprofile',
    roleOf: (path: string) => xmlProfileFiles.roleOf(path),
    isSource: (path: string) => re.test(path),
  };
}

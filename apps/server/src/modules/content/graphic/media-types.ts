/** File types of graphics and videos: by extension for listing, by content for uploads. */

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  cgm: 'image/cgm',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  ogv: 'video/ogg',
};

export const extensionOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const mediaTypeOf = (path: string) => CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';

export const hasExtension = (path: string, extensions: readonly string[]) => extensions.includes(extensionOf(path));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are, whatever the name says: a renamed file is refused like a wrong extension. */
export function sniffImage(content: Buffer): 'png' | 'jpeg' | null {
  if (content.length >= 8 && content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpeg';
  return null;
}

/** MP4 (an ftyp box first), WebM (EBML header) or Ogg. */
export function sniffVideo(content: Buffer): 'mp4' | 'webm' | 'ogg' | null {
  if (content.length >= 12 && content.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (content.length >= 4 && content[0] === 0x1a && content[1] === 0x45 && content[2] === 0xdf && content[3] === 0xa3) return 'webm';
  if (content.length >= 4 && content.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  return null;
}

/** The extension's format agrees with the bytes (a .png must hold a PNG, a .jpg a JPEG). */
export function imageMatchesExtension(path: string, content: Buffer): boolean {
  const sniffed = sniffImage(content);
  const ext = extensionOf(path);
  return (sniffed === 'png' && ext === 'png') || (sniffed === 'jpeg' && (ext === 'jpg' || ext === 'jpeg'));
}

export function videoMatchesExtension(path: string, content: Buffer): boolean {
  const sniffed = sniffVideo(content);
  const ext = extensionOf(path);
  return (sniffed === 'mp4' && ext === 'mp4') || (sniffed === 'webm' && ext === 'webm') || (sniffed === 'ogg' && (ext === 'ogg' || ext === 'ogv'));
}

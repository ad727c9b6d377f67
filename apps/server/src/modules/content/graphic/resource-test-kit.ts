import { CONTENT_PERMS } from '../content-test-kit';

/** Test fixture: every permission of the resource screens (graphics, videos, abbreviations, terms, tags). */
export const RESOURCE_PERMS = [
  ...CONTENT_PERMS,
  ...['list', 'query', 'add', 'edit', 'remove', 'upload'].map((a) => `ccms:graphic:${a}`),
  ...['list', 'query', 'add', 'edit', 'remove', 'import', 'export'].map((a) => `ccms:abbreviation:${a}`),
  ...['list', 'query', 'add', 'edit', 'remove', 'import', 'export'].map((a) => `ccms:term:${a}`),
  ...['list', 'query', 'add', 'edit', 'remove'].map((a) => `ccms:tag:${a}`),
];

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A PNG (by its signature) of exactly `size` bytes. */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length), 7)]).subarray(0, size);

/** The start of a JPEG. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1)]);

/** An MP4 by its first box (ftyp), followed by `size` filler bytes numbered 0..255 (so ranges can be checked). */
export const mp4 = (size = 1000) => {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
  const body = Buffer.from(Array.from({ length: size }, (_, i) => i % 256));
  return Buffer.concat([head, body]);
};

/** A small DITA library: a map, topics using an image directly and by key, and an abbreviation reference. */
export const RESOURCE_SEED: Record<string, string | Buffer> = {
  'maps/main.ditamap': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<map>',
    '  <title>Main</title>',
    '  <keydef keys="logo-key" href="../images/logo.png" format="png"/>',
    '  <topicref href="../topics/intro.dita"/>',
    '  <topicref href="../topics/by-key.dita"/>',
    '</map>',
    '',
  ].join('\n'),
  'topics/intro.dita': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<topic id="intro">',
    '  <title>Introduction</title>',
    '  <body>',
    '    <p>The <abbreviated-form keyref="abbr-api"/> is shown here.</p>',
    '    <image href="../images/logo.png"/>',
    '  </body>',
    '</topic>',
    '',
  ].join('\n'),
  'topics/by-key.dita': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<topic id="by-key">',
    '  <title>By key</title>',
    '  <body><p><image keyref="logo-key"/></p></body>',
    '</topic>',
    '',
  ].join('\n'),
  'images/logo.png': PNG,
  'images/unused.jpg': JPEG,
};

import { describe, expect, it } from 'vitest';
import { isDitaMap, MAP_NAME_PATTERN, TOPIC_EXTENSION, TOPIC_FILE_NAME_PATTERN } from './files';

describe('DITA file-name patterns', () => {
  it('MAP_NAME_PATTERN says what isDitaMap says', () => {
    for (const name of ['maps/guide.ditamap', 'b.BOOKMAP', 'c.dita', 'd.xml', 'guide.ditamap.bak', '']) {
      expect(MAP_NAME_PATTERN.test(name)).toBe(isDitaMap(name));
    }
  });

  it('TOPIC_FILE_NAME_PATTERN takes a plain name ending in .dita as written, and nothing with a folder, a space or another extension', () => {
    expect(TOPIC_FILE_NAME_PATTERN.test(`install-the-server${TOPIC_EXTENSION}`)).toBe(true);
    expect(TOPIC_FILE_NAME_PATTERN.test('t_1.v2.dita')).toBe(true);
    for (const name of ['-x.dita', '.dita', 'a b.dita', 'topics/a.dita', 'x.DITA', 'x.ditamap', 'x.xml']) {
      expect(TOPIC_FILE_NAME_PATTERN.test(name)).toBe(false);
    }
  });
});

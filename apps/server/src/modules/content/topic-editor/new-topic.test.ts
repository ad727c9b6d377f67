import { TOPIC_TEMPLATE_TYPES } from '@ccms/contracts/content/topic-editor';
import { describe, expect, it } from 'vitest';
import { CATALOG_GRAMMAR, checkDita } from '../shared/dita-validation';
import { relativeHref, topicTemplate, withTopicref } from './new-topic';

describe('new topic templates', () => {
  it.each(TOPIC_TEMPLATE_TYPES)('makes a %s that passes validation (DTD where the catalog has it)', async (type) => {
    const text = topicTemplate(type, `new_${type}`, 'Fish & <chips>');
    expect(text).toContain(`<${type} id="new_${type}">`);
    expect(text).toContain('Fish &amp; &lt;chips&gt;');
    expect((await checkDita(text, `topics/${type}.dita`, 'en', CATALOG_GRAMMAR)).problems).toEqual([]);
  });
});

describe('adding a topicref to a map', () => {
  it('writes hrefs relative to the map folder', () => {
    expect(relativeHref('maps', 'topics/a/b.dita')).toBe('../topics/a/b.dita');
    expect(relativeHref('', 'topics/b.dita')).toBe('topics/b.dita');
    expect(relativeHref('topics', 'topics/b.dita')).toBe('b.dita');
  });

  it('adds the topicref on its own line before the closing tag, leaving the rest untouched', () => {
    const map = '<?xml version="1.0"?>\n<!-- keep -->\n<map>\n  <title>T</title>\n</map>\n';
    expect(withTopicref(map, 'map', 'a.dita', 'A')).toBe(
      '<?xml version="1.0"?>\n<!-- keep -->\n<map>\n  <title>T</title>\n  <topicref href="a.dita" navtitle="A"/>\n</map>\n',
    );
    expect(withTopicref('<map/>\n', 'map', 'a.dita', 'A')).toBe('<map>\n  <topicref href="a.dita" navtitle="A"/>\n</map>\n');
    expect(withTopicref('<map><title>T</title></map>', 'map', 'a.dita', 'A')).toBe('<map><title>T</title><topicref href="a.dita" navtitle="A"/></map>');
  });
});

import type { LinkRow } from '@ccms/contracts/content/catalog';
import { describe, expect, it } from 'vitest';
import { placeOf } from './LinksTable';

const link = (over: Partial<LinkRow>): LinkRow => ({
  linkId: 1,
  kind: 'xref',
  sourcePath: 'topics/a.dita',
  line: 3,
  col: 5,
  value: 'b.dita',
  key: null,
  targetPath: 'topics/b.dita',
  targetFragment: null,
  status: 'resolved',
  reason: '',
  sourceTopicId: 10,
  sourceDocumentId: null,
  targetTopicId: 11,
  targetDocumentId: null,
  ...over,
});

describe('where a reference leads', () => {
  it('outgoing: the target topic, map or file; nothing for external or broken targets', () => {
    expect(placeOf(link({}), 'outgoing')).toEqual({ type: 'topic', id: 11 });
    expect(placeOf(link({ targetTopicId: null, targetDocumentId: 4 }), 'outgoing')).toEqual({ type: 'document', id: 4 });
    expect(placeOf(link({ kind: 'image', targetTopicId: null, targetPath: 'images/a.png' }), 'outgoing')).toEqual({ type: 'file', path: 'images/a.png' });
    expect(placeOf(link({ status: 'external', targetTopicId: null, targetPath: null }), 'outgoing')).toBeNull();
    expect(placeOf(link({ status: 'broken', targetTopicId: null, targetPath: 'topics/gone.dita' }), 'outgoing')).toBeNull();
  });

  it('incoming: the source topic or map, else the file it is written in', () => {
    expect(placeOf(link({}), 'incoming')).toEqual({ type: 'topic', id: 10 });
    expect(placeOf(link({ sourceTopicId: null, sourceDocumentId: 2 }), 'incoming')).toEqual({ type: 'document', id: 2 });
    expect(placeOf(link({ sourceTopicId: null, sourcePath: 'keys.ditamap' }), 'incoming')).toEqual({ type: 'file', path: 'keys.ditamap' });
  });
});

import { describe, expect, it } from 'vitest';
import { anchorForSelection, anchorInElement, reviewElements, topicIndex } from './review-elements';

const XML = `<?xml version="1.0"?>
<concept id="c">
  <title>Power</title>
  <conbody>
    <p id="p1">Check the cable.</p>
    <p>Press the red
       switch to turn it on. Then press the red switch again.</p>
  </conbody>
</concept>`;

describe('review anchors in the web app', () => {
  const index = topicIndex(XML);
  if (!index) throw new Error('the topic parses');

  it('reads the topic as the server does: paths, ids and collapsed text', () => {
    expect(reviewElements(index).map((e) => [e.path, e.id, e.text])).toEqual([
      ['/concept', 'c', 'Power Check the cable. Press the red switch to turn it on. Then press the red switch again.'],
      ['/concept/title[1]', '', 'Power'],
      ['/concept/conbody[1]/p[1]', 'p1', 'Check the cable.'],
      ['/concept/conbody[1]/p[2]', '', 'Press the red switch to turn it on. Then press the red switch again.'],
    ]);
    expect(topicIndex('<p>not closed')).toBeNull();
  });

  it('anchors a selection where its context matches (the second of two equal quotes)', () => {
    const anchor = anchorForSelection(index, { quote: 'red  switch', prefix: 'Then press the ', suffix: ' again.' });
    expect(anchor).toMatchObject({ elementPath: '/concept/conbody[1]/p[2]', rangeStart: 51, rangeEnd: 61, quote: 'red switch', suffix: ' again. ' });
    expect(anchorForSelection(index, { quote: 'nowhere in this topic' })).toBeNull();
  });

  it('anchors a quote typed for a chosen element, or the element alone', () => {
    expect(anchorInElement(index, '/concept/conbody[1]/p[1]', 'cable')).toMatchObject({ elementId: 'p1', rangeStart: 10, rangeEnd: 15, quote: 'cable' });
    expect(anchorInElement(index, '/concept/conbody[1]/p[1]', '')).toMatchObject({ elementId: 'p1', rangeStart: 0, rangeEnd: 0, quote: '' });
    expect(anchorInElement(index, '/concept/conbody[1]/p[9]', 'x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { applyTranslations, segmentsOf } from './translation-segment';

const map = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map xml:lang="en-US" title="Pump guide">
  <topicref href="topics/install.dita" navtitle="Installing the pump" format="dita" scope="local" outputclass="big"/>
  <topicref keyref="service">
    <ditavalref href="ops.ditaval"><ditavalmeta><dvrResourcePrefix>ops-</dvrResourcePrefix><dvrKeyscopePrefix>ops.</dvrKeyscopePrefix></ditavalmeta></ditavalref>
  </topicref>
</map>
`;

const topic = `<?xml version="1.0" encoding="UTF-8"?>
<concept id="c" xml:lang="en-US"><title>Pump &amp; motor</title><conbody>
<p id="p1">Press <image href="icons/go.png" alt="the green button"/> to start <ph translate="no">PX-200</ph> now.</p>
<draft-comment>Check this with engineering.</draft-comment>
<p translate="no">SERIAL-0001</p>
<fig><title>The pump</title><image href="pump.svg" alt='Side "view"'/></fig>
<note type="other" othertype="Remember">Close the valve.</note>
</conbody></concept>
`;

describe('translation units of a DITA file', () => {
  it('leaves out markup attributes, file-name prefixes and what is marked not to be translated', () => {
    const units = segmentsOf(map).map((s) => [s.key, s.text]);
    expect(units).toEqual([
      ['/map[1]@title', 'Pump guide'],
      ['/map[1]/topicref[1]@navtitle', 'Installing the pump'],
    ]);
    const texts = segmentsOf(topic).map((s) => s.text);
    expect(texts).toEqual(['Pump & motor', 'Press {1} to start {2} now.', 'the green button', 'The pump', 'Side "view"', 'Remember', 'Close the valve.']);
    const all = JSON.stringify(segmentsOf(topic).map((s) => s.text));
    for (const word of ['engineering', 'SERIAL', 'PX-200', 'icons/go.png', 'pump.svg']) expect(all).not.toContain(word);
    // The inline element kept out of the text is one placeholder holding it whole.
    const sentence = segmentsOf(topic).find((s) => s.key === '#p1:1');
    expect(sentence?.codes[1]).toBe('<ph translate="no">PX-200</ph>');
  });

  it('writes translated attributes back, inside a translated sentence and on their own, escaped for their quotes', () => {
    const segs = segmentsOf(topic);
    const byText = (t: string) => segs.find((s) => s.text === t)?.key ?? '';
    const out = applyTranslations(
      topic,
      segs,
      new Map([
        [byText('Press {1} to start {2} now.'), '按 {1} 启动 {2}。'],
        [byText('the green button'), '绿色 "按钮"'],
        [byText('Side "view"'), "侧'视图'"],
        [byText('Remember'), '记住'],
      ]),
      'zh-CN',
    );
    expect(out).toContain('<p id="p1">按 <image href="icons/go.png" alt="绿色 &quot;按钮&quot;"/> 启动 <ph translate="no">PX-200</ph>。</p>');
    expect(out).toContain(`<image href="pump.svg" alt='侧&apos;视图&apos;'/>`);
    expect(out).toContain('othertype="记住">Close the valve.</note>');
    expect(out).toContain('<concept id="c" xml:lang="zh-CN">');
    // Only the attribute translated: the sentence keeps its source and the attribute is written in place.
    const alone = applyTranslations(topic, segs, new Map([[byText('the green button'), '绿色按钮']]), 'zh-CN');
    expect(alone).toContain('<p id="p1">Press <image href="icons/go.png" alt="绿色按钮"/> to start');
  });
});

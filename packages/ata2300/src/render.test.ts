import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAta2300Module } from './render.js';
import { ATA2300_TEXTS } from './texts.js';

/** Spec 2300 content as crews read it, on the CX100 test set: checklists, annunciations, dispatch items, tables. */
const SET = path.join(import.meta.dirname, '../test/fcom-set');
const file = (code: string) => readFileSync(path.join(SET, `DMC-CX100-A-${code}_EN-US.XML`));
const NORMAL = 'DMC-CX100-A-21-00-00-00A-131A-A';

describe('rendering Spec 2300 modules', () => {
  it('a normal procedure is a checklist: challenge, dotted leader, response on one line; the end of the procedure closes it', () => {
    const { html, text } = renderAta2300Module(file('21-00-00-00A-131A-A'));
    expect(html).toMatch(
      /^<article class="ata-module ata-procedure" data-content="normalProcedure"><h2 class="ata-title">Packs: before start<\/h2><ol class="ata-checklist">/,
    );
    expect(html).toContain(
      '<div class="ata-cr"><span class="ata-challenge">PACK 1 and PACK 2 switches</span><span class="ata-leader" aria-hidden="true"> . . .',
    );
    expect(html).toContain('</span><span class="ata-response">ON</span></div>');
    expect(html.match(/class="ata-cr"/g)).toHaveLength(2);
    expect(html).toContain('<li class="ata-end">— End of procedure —</li>');
    expect(text).toContain('Check the cabin temperature is at the selected value.');
  });

  it('a non-normal procedure marks the time-critical action, indents the condition, sets simultaneous actions side by side and links the deferred procedure', () => {
    const pages: Record<string, string> = { [NORMAL]: 'dm-131.html' };
    const { html, links } = renderAta2300Module(file('21-00-01-00A-141A-A'), {
      texts: ATA2300_TEXTS.zh,
      pageOf: (c) => pages[c],
      titleOf: (c) => (c === NORMAL ? 'Packs: before start' : undefined),
    });
    expect(html).toContain('<div class="ata-time-critical"><span class="ata-flag">时间紧迫</span><div class="ata-cr">');
    expect(html).toContain(
      '<li class="ata-condition"><p class="ata-case"><span class="ata-label">条件：</span> If the fault remains after 2 minutes</p><ol class="ata-checklist">',
    );
    expect(html).toContain(
      '<li class="ata-simultaneous"><p class="ata-label">同时执行的动作</p><div class="ata-columns"><ol class="ata-checklist ata-column">',
    );
    expect(html).toContain('<section class="ata-deferredProcedures"><h4 class="ata-label">推迟的程序</h4>');
    expect(html).toContain('<a class="ata-dmref" href="dm-131.html">Packs: before start</a>');
    expect([...links]).toEqual([NORMAL]);
    expect(html).toContain('— 程序结束 —');
  });

  it('an annunciation shows its priority and the message as displayed, then its conditions', () => {
    const { html } = renderAta2300Module(file('21-00-02-00A-11EA-A'));
    expect(html).toContain('<h2 class="ata-title"><span class="ata-message ata-priority-warning"><span class="ata-message-text">BLEED LEAK</span></span></h2>');
    expect(html).toContain('<span class="ata-badge ata-priority-warning">Warning</span>');
    expect(html).toContain('<h4 class="ata-label">Triggering conditions</h4><p>A leak detection loop senses hot air along the bleed duct.</p>');
    expect(html).toContain('<h4 class="ata-label">Inhibit conditions</h4>');
  });

  it('a dispatch item gives the repair interval, number required, proviso and remarks; an unpublished link keeps its text', () => {
    const { html, links } = renderAta2300Module(file('21-00-01-00A-081A-A'));
    expect(html).toContain('<p class="ata-fact"><span class="ata-label">Repair interval:</span> C</p>');
    expect(html).toContain('<p class="ata-fact"><span class="ata-label">Number required:</span> 1</p><p>One pack may be inoperative.</p>');
    expect(html).toContain('<h4 class="ata-label">Proviso</h4><p>Flight is limited to FL 310.</p>');
    expect(html).toContain('<h4 class="ata-label">Remarks</h4><p>See <span class="ata-dmref">DMC-CX100-A-21-00-01-00A-141A-A</span>.</p>');
    expect([...links]).toEqual(['DMC-CX100-A-21-00-01-00A-141A-A']);
  });

  it('a performance table keeps its caption, head and rows; markup in text is escaped', () => {
    const { html } = renderAta2300Module(file('21-00-00-00A-051A-A'));
    expect(html).toContain(
      '<table class="ata-table"><caption>Fuel penalty, one pack inoperative</caption><thead><tr><th>Flight level</th><th>Fuel penalty</th></tr></thead>',
    );
    expect(html).toContain('<tr><td>FL 350</td><td>+2.0 %</td></tr>');
    const odd = renderAta2300Module(
      '<dmodule xmlns="http://www.ataebiz.org/XMLSchema"><content><limitation><title>A &lt;b&gt; title</title><limitContent><para>x &amp; y</para></limitContent></limitation></content></dmodule>',
    );
    expect(odd.html).toContain('<h2 class="ata-title">A &lt;b&gt; title</h2>');
    expect(odd.html).toContain('<p>x &amp; y</p>');
  });
});

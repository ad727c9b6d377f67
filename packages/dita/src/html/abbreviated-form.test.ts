import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

// The DITA 1.3 specification's abbreviated-form example (3.3.2.5 / 3.6.1.5): the glossentry for
// "anti-lock braking system" with the acronym ABS.
const ABS = `<glossentry id="abs"><glossterm>anti-lock braking system</glossterm>
  <glossBody><glossAlt><glossAcronym>ABS</glossAcronym></glossAlt></glossBody></glossentry>`;
const SURFACE = `<glossentry id="rom"><glossterm>read-only memory</glossterm>
  <glossBody><glossSurfaceForm>read-only memory (ROM)</glossSurfaceForm><glossAlt><glossAbbreviation>ROM</glossAbbreviation></glossAlt></glossBody></glossentry>`;
const PLAIN = '<glossentry id="kit"><glossterm>toolkit</glossterm><glossdef>A set of tools.</glossdef></glossentry>';

describe('abbreviated-form', () => {
  it('expands the first use in a topic and abbreviates the later ones', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        `<keydef keys="abs" href="abs.dita" processing-role="resource-only"/><keydef keys="rom" href="rom.dita" processing-role="resource-only"/>
         <keydef keys="kit" href="kit.dita" processing-role="resource-only"/><topicref href="a.dita"/><topicref href="b.dita"/>`,
      ),
      'abs.dita': ABS,
      'rom.dita': SURFACE,
      'kit.dita': PLAIN,
      'a.dita': CONCEPT(
        'a',
        'Brakes',
        `<p>The <abbreviated-form keyref="abs"/> keeps the wheels turning. Test the <abbreviated-form keyref="abs"/> monthly.</p>
         <p><abbreviated-form keyref="rom"/> then <abbreviated-form keyref="rom"/>; <abbreviated-form keyref="kit"/> and <abbreviated-form keyref="kit"/>.</p>`,
      ),
      'b.dita': CONCEPT('b', 'Again', '<p>The <abbreviated-form keyref="abs"/>.</p>'),
    });
    const a = mainOf(out.read('a.html'));
    expect(a).toContain('The <span class="abbreviated-form">anti-lock braking system (ABS)</span> keeps');
    expect(a).toContain('Test the <span class="abbreviated-form"><abbr title="anti-lock braking system">ABS</abbr></span> monthly');
    expect(a).toContain(
      '<span class="abbreviated-form">read-only memory (ROM)</span> then <span class="abbreviated-form"><abbr title="read-only memory">ROM</abbr></span>',
    );
    // No short form: the term both times.
    expect(a).toContain('<span class="abbreviated-form">toolkit</span> and <span class="abbreviated-form">toolkit</span>');
    // A new topic expands again.
    expect(mainOf(out.read('b.html'))).toContain('The <span class="abbreviated-form">anti-lock braking system (ABS)</span>.');
    out.cleanup();
  });
});

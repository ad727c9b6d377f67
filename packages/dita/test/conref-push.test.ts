import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags, TASK } from './fixture-helpers.js';

const problemsOf = (list: ReadonlyArray<{ severity: string; code: string; file: string; line: number }>): string[] =>
  list.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}`);

// The target task of the specification's conref push examples (langRef conaction, archSpec "Conref push").
const TARGET = TASK(
  'example',
  'Example task',
  '<steps><step id="a"><cmd>A</cmd></step><step id="b"><cmd>B</cmd></step><step id="c"><cmd>C</cmd></step></steps>',
);

describe('conref push (DITA 1.3 @conaction)', () => {
  it('keeps document order for several pushafter and pushbefore to one target', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="example.dita"/><topicref href="push1.dita"/><topicref href="push2.dita"/>'),
      'example.dita': TARGET,
      'push1.dita': TASK(
        'push1',
        'Pushing one',
        '<steps><step conaction="mark" conref="example.dita#example/b"><cmd/></step><step conaction="pushafter"><cmd>After B, first</cmd></step>' +
          '<step conaction="mark" conref="example.dita#example/b"><cmd/></step><step conaction="pushafter"><cmd>After B, second</cmd></step>' +
          '<step conaction="pushbefore"><cmd>Before B, first</cmd></step><step conaction="mark" conref="example.dita#example/b"><cmd/></step>' +
          '<step conaction="pushbefore"><cmd>Before B, second</cmd></step><step conaction="mark" conref="example.dita#example/b"><cmd/></step></steps>',
      ),
      'push2.dita': TASK(
        'push2',
        'Pushing two',
        '<steps><step conaction="mark" conref="example.dita#example/b"><cmd/></step><step conaction="pushafter"><cmd>After B, third</cmd></step></steps>',
      ),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(stripTags(mainOf(out.read('example.html')))).toContain('A Before B, first Before B, second B After B, first After B, second After B, third C');
    out.cleanup();
  });

  it('refuses a push whose element type does not match its target, with a located message', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="example.dita"/><topicref href="push.dita"/>'),
      'example.dita': TARGET,
      'push.dita': CONCEPT(
        'push',
        'Pushing',
        '\n<p conaction="pushreplace" conref="example.dita#example/a">Not a step.</p>\n<ul><li conaction="mark" conref="example.dita#example/c"/><li conaction="pushafter">Not a step either.</li></ul>',
      ),
    });
    expect(problemsOf(out.problems)).toContain('error conaction-type-mismatch push.dita:4');
    expect(out.problems.find((p) => p.line === 4)?.message).toBe(
      'conaction="pushreplace" pushes <p> to <step>: a pushed element must be of its target\'s type, so it is not pushed',
    );
    expect(out.problems.filter((p) => p.code === 'conaction-type-mismatch')).toHaveLength(2);
    const example = stripTags(mainOf(out.read('example.html')));
    expect(example).toContain('A B C');
    expect(example).not.toContain('Not a step');
    out.cleanup();
  });

  it('keeps the pushing elements in their own topic and drops the marks (DITA-OT 4.x)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="example.dita"/><topicref href="push.dita"/>'),
      'example.dita': TARGET,
      'push.dita': TASK(
        'push',
        'Pushing',
        '<steps><step conaction="pushreplace" conref="example.dita#example/a"><cmd>New A</cmd></step>' +
          '<step conaction="mark" conref="example.dita#example/c"><cmd/></step><step conaction="pushafter"><cmd>After C</cmd></step></steps>',
      ),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(stripTags(mainOf(out.read('example.html')))).toContain('New A B C After C');
    const own = stripTags(mainOf(out.read('push.html')));
    expect(own).toContain('New A After C');
    expect(own).not.toContain(' C ');
    out.cleanup();
  });

  it('reports a second pushreplace to one target (DITA-OT DOTJ042E) and keeps the first', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="example.dita"/><topicref href="push.dita"/>'),
      'example.dita': TARGET,
      'push.dita': TASK(
        'push',
        'Pushing',
        '<steps><step conaction="pushreplace" conref="example.dita#example/a"><cmd>First A</cmd></step>\n<step conaction="pushreplace" conref="example.dita#example/a"><cmd>Second A</cmd></step></steps>',
      ),
    });
    expect(problemsOf(out.problems)).toEqual(['error conaction-replace-twice push.dita:4']);
    expect(stripTags(mainOf(out.read('example.html')))).toContain('First A B C');
    out.cleanup();
  });
});

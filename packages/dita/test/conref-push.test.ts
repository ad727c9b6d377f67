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

  // DITA 1.3 @conaction: "an element pushed using @conref must be of the same type as, or more specialized than, its
  // target. If the pushed element is more specialized than the target, then it should be generalized"; "it is not
  // possible to push a more general element (li) to replace a step".
  const LIST = CONCEPT('list', 'A list', '<ol><li id="one">One</li><li id="two">Two</li><li id="three">Three</li></ol>');

  it("pushes a step into a general list item, generalized to the target's type (and its task elements with it)", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="list.dita"/><topicref href="push.dita"/>'),
      'list.dita': LIST,
      'push.dita': TASK(
        'push',
        'Pushing',
        '<steps><step conaction="pushreplace" conref="list.dita#list/one"><cmd>New one</cmd><info><p>Told more.</p></info></step>' +
          '<step conaction="mark" conref="list.dita#list/three"><cmd/></step><step conaction="pushafter"><cmd>After <b>three</b></cmd></step></steps>',
      ),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    const list = mainOf(out.read('list.html'));
    // Generalized: list items of the concept's list, no task markup (a cmd is a phrase, an info an item group); the
    // highlighting domain stays.
    expect(list).toContain(
      '<ol class="ol"><li id="list__one" class="li"><span class="ph">New one</span><div class="itemgroup"><p class="p">Told more.</p></div></li>' +
        '<li id="list__two" class="li">Two</li><li id="list__three" class="li">Three</li>' +
        '<li class="li"><span class="ph">After <strong class="b">three</strong></span></li></ol>',
    );
    // The pushing topic keeps its steps.
    expect(mainOf(out.read('push.html'))).toMatch(/class="[^"]*\bstep\b/);
    out.cleanup();
  });

  it('honours @class ancestry: a specialization the engine does not know pushes into its base, not into a sibling type', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="list.dita"/><topicref href="example.dita"/><topicref href="push.dita"/>'),
      'list.dita': LIST,
      'example.dita': TARGET,
      'push.dita': CONCEPT(
        'push',
        'Pushing',
        '\n<ol><li class="- topic/li mydomain/warnitem " conaction="pushreplace" conref="list.dita#list/two">Careful two</li>' +
          '\n<li class="- topic/li task/step mytask/mystep " conaction="pushreplace" conref="example.dita#example/b"><cmd>My B</cmd></li>' +
          '\n<li class="- topic/li mydomain/warnitem " conaction="pushreplace" conref="example.dita#example/c">Not a step</li></ol>',
      ),
    });
    expect(problemsOf(out.problems)).toEqual(['error conaction-type-mismatch push.dita:6']);
    expect(stripTags(mainOf(out.read('list.html')))).toContain('One Careful two Three');
    const example = stripTags(mainOf(out.read('example.html')));
    expect(example).toContain('My B');
    expect(example).not.toContain('Not a step');
    out.cleanup();
  });

  it('refuses to push a more general element into a specialized target (a list item into a step)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="example.dita"/><topicref href="push.dita"/>'),
      'example.dita': TARGET,
      'push.dita': CONCEPT('push', 'Pushing', '\n<ol><li conaction="pushreplace" conref="example.dita#example/a">A list item</li></ol>'),
    });
    expect(problemsOf(out.problems)).toEqual(['error conaction-type-mismatch push.dita:4']);
    expect(out.problems[0]?.message).toBe('conaction="pushreplace" pushes <li> to <step>: a pushed element must be of its target\'s type, so it is not pushed');
    expect(stripTags(mainOf(out.read('example.html')))).toContain('A B C');
    out.cleanup();
  });
});

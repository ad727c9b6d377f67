import { TopicEditorApi } from '@ccms/contracts/content/topic-editor';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const one = vi.fn();
vi.mock('../../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), api: { one: (...args: unknown[]) => one(...args) } }));

const { openEarly, takeEarlyOpen, takeSettledEarlyOpen, targetOf } = await import('./early-open');
const { topicEditorQueries } = await import('./topic-editor-queries');

const OPEN = TopicEditorApi.open;
const target = { libraryId: 7, branch: 'main', path: 'topics/a.dita' };
const search = '?libraryId=7&branch=main&path=topics/a.dita';

beforeEach(() => {
  one.mockReset();
  takeEarlyOpen({ libraryId: 0, path: '' });
});

describe('the topic asked for while the app boots', () => {
  it('reads the target from the URL query, and none from a query without one', () => {
    expect(targetOf(new URLSearchParams(search))).toEqual(target);
    expect(targetOf(new URLSearchParams('?libraryId=7&path=t.dita'))).toEqual({ libraryId: 7, path: 't.dita' });
    expect(targetOf(new URLSearchParams('?libraryId=x&path=t.dita'))).toBeNull();
    expect(targetOf(new URLSearchParams('?libraryId=7'))).toBeNull();
  });

  it('asks once, quietly, and hands the answer to the page once', async () => {
    one.mockResolvedValue({ content: '<topic/>' });
    openEarly(search);
    openEarly(search);
    expect(one).toHaveBeenCalledTimes(1);
    expect(one).toHaveBeenCalledWith(OPEN, { query: target }, { silent: true });
    await expect(takeEarlyOpen(target)).resolves.toEqual({ content: '<topic/>' });
    expect(takeEarlyOpen(target)).toBeNull();
  });

  it("hands an answer already in to the page's first render, once, and leaves one still out (or failed) to the query", async () => {
    let answer: (doc: { content: string }) => void = () => undefined;
    one.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    openEarly(search);
    expect(takeSettledEarlyOpen(target)).toBeUndefined();
    answer({ content: '<topic/>' });
    await vi.waitFor(() => expect(takeSettledEarlyOpen(target)).toEqual({ content: '<topic/>' }));
    expect(takeSettledEarlyOpen(target)).toBeUndefined();
    expect(takeEarlyOpen(target)).toBeNull();

    one.mockResolvedValueOnce({ content: '<topic/>' });
    openEarly(search);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeSettledEarlyOpen({ ...target, path: 'topics/b.dita' })).toBeUndefined();
    expect(takeSettledEarlyOpen(target)).toEqual({ content: '<topic/>' });

    one.mockRejectedValueOnce(new Error('offline'));
    openEarly(search);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeSettledEarlyOpen(target)).toBeUndefined();
    await expect(takeEarlyOpen(target)).rejects.toThrow('offline');
  });

  it('asks nothing for a URL without a topic, and keeps no answer for another topic', () => {
    openEarly('?libraryId=7');
    expect(one).not.toHaveBeenCalled();
    one.mockResolvedValue({ content: '<topic/>' });
    openEarly(search);
    expect(takeEarlyOpen({ ...target, path: 'topics/b.dita' })).toBeNull();
    expect(takeEarlyOpen(target)).toBeNull();
  });

  it("is the page query's answer, which asks again (with its messages) when the early call failed", async () => {
    const queryFn = () => topicEditorQueries.open(target).queryFn();
    one.mockResolvedValueOnce({ content: 'early' });
    openEarly(search);
    await expect(queryFn()).resolves.toEqual({ content: 'early' });
    expect(one).toHaveBeenCalledTimes(1);

    one.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ content: 'again' });
    openEarly(search);
    await expect(queryFn()).resolves.toEqual({ content: 'again' });
    expect(one).toHaveBeenLastCalledWith(OPEN, { query: target }, undefined);

    one.mockResolvedValueOnce({ content: 'later' });
    await expect(queryFn()).resolves.toEqual({ content: 'later' });
    expect(one).toHaveBeenCalledTimes(4);
  });
});

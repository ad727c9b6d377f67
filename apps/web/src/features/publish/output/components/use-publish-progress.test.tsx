import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePublishProgress } from './use-publish-progress';

/**
 * jsdom has no EventSource: a stand-in that records each stream the hook opens and lets the test
 * send it messages, as the server's progress stream does.
 */
class Stream {
  static opened: Stream[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    Stream.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(status: string, done: number) {
    this.onmessage?.({ data: JSON.stringify({ outputId: 7, status, phase: 'build', done, total: 2 }) });
  }
}

const original = globalThis.EventSource;
beforeEach(() => {
  Stream.opened = [];
  (globalThis as { EventSource: unknown }).EventSource = Stream;
});
afterEach(() => {
  (globalThis as { EventSource: unknown }).EventSource = original;
});

/** As OutputStatus uses it: a new onEnd function on every render. */
function Status({ ended }: { ended: string[] }) {
  const progress = usePublishProgress('/ccms/output/progress/7', true, () => ended.push('end'));
  return <p>{progress ? `${progress.status} ${progress.done}/${progress.total}` : 'waiting'}</p>;
}

describe('usePublishProgress', () => {
  it('keeps one stream while its progress renders, and ends once', () => {
    const ended: string[] = [];
    render(<Status ended={ended} />);
    expect(Stream.opened).toHaveLength(1);
    const stream = Stream.opened[0] as Stream;
    act(() => stream.send('running', 1));
    expect(screen.getByText('running 1/2')).toBeTruthy();
    act(() => stream.send('success', 2));
    expect(screen.getByText('success 2/2')).toBeTruthy();
    // Each message rendered the component with a new onEnd: still the one stream, now closed.
    expect(Stream.opened).toHaveLength(1);
    expect(stream.closed).toBe(true);
    expect(ended).toEqual(['end']);
  });
});

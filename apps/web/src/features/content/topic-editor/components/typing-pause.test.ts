import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypingPause } from './typing-pause';

describe('TypingPause', () => {
  let clock = 0;
  const now = () => clock;
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  beforeEach(() => {
    clock = 1000;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs work at once when nothing was typed lately', () => {
    const pause = new TypingPause(250, now);
    const fn = vi.fn();
    pause.whenQuiet(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('holds work while edits keep coming and runs it once at the pause', () => {
    const pause = new TypingPause(250, now);
    const fn = vi.fn();
    pause.edited();
    pause.whenQuiet(fn);
    pause.whenQuiet(fn);
    for (let i = 0; i < 10; i += 1) {
      advance(100);
      pause.edited();
    }
    expect(fn).not.toHaveBeenCalled();
    advance(249);
    expect(fn).not.toHaveBeenCalled();
    advance(1);
    expect(fn).toHaveBeenCalledTimes(1);
    advance(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('keeps the order of held work, and later work waits behind it', () => {
    const pause = new TypingPause(250, now);
    const order: string[] = [];
    pause.edited();
    pause.whenQuiet(() => order.push('a'));
    advance(300);
    pause.edited();
    pause.whenQuiet(() => order.push('b'));
    expect(order).toEqual(['a']);
    advance(250);
    expect(order).toEqual(['a', 'b']);
  });

  it('drops held work when disposed', () => {
    const pause = new TypingPause(250, now);
    const fn = vi.fn();
    pause.edited();
    pause.whenQuiet(fn);
    pause.dispose();
    advance(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

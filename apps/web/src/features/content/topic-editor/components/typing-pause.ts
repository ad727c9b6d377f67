import { useEffect, useState } from 'react';

/**
 * When the writer last edited, and work held until typing pauses: the page's work that follows
 * an edit (drafts, preview and check answers shown) would otherwise land between two keystrokes.
 */
export class TypingPause {
  private last = Number.NEGATIVE_INFINITY;
  private readonly waiting = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** No edit for this long is a pause. */
    private readonly quietMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** An edit came now. */
  edited(): void {
    this.last = this.now();
  }

  isQuiet(): boolean {
    return this.now() - this.last >= this.quietMs;
  }

  /** Runs `fn` at once when typing has paused, else at the next pause (a function asked for twice runs once). */
  whenQuiet(fn: () => void): void {
    if (this.isQuiet() && this.waiting.size === 0) {
      fn();
      return;
    }
    this.waiting.add(fn);
    this.arm();
  }

  /** Drops the work still waiting (the page goes). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (!this.isQuiet()) {
          this.arm();
          return;
        }
        const due = [...this.waiting];
        this.waiting.clear();
        for (const fn of due) fn();
      },
      Math.max(0, this.quietMs - (this.now() - this.last)),
    );
  }
}

/** `value`, but a change that comes while the writer types is shown at the next pause. */
export function useShownAtPause<T>(value: T, pause: TypingPause): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let current = true;
    pause.whenQuiet(() => {
      if (current) setShown(() => value);
    });
    return () => {
      current = false;
    };
  }, [value, pause]);
  return shown;
}

/** Runs `fn` after the next frame has been drawn (what a keystroke changed is on screen first); answers a cancel. */
export function afterNextFrame(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
  };
}

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReducedMotion } from './use-reduced-motion';

/** A matchMedia whose reduce-motion answer the test sets and announces, as the browser does. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => (query === list.media ? list : original(query))) as typeof window.matchMedia;
  return {
    set(value: boolean) {
      reduce = value;
      for (const fn of listeners) fn();
    },
    listeners,
    restore: () => {
      window.matchMedia = original;
    },
  };
}

function Motion() {
  return <p>{useReducedMotion() ? 'still' : 'moving'}</p>;
}

let setting: ReturnType<typeof systemSetting> | undefined;
afterEach(() => setting?.restore());

describe('useReducedMotion', () => {
  it("follows the system's reduce-motion setting, also when it changes while the page is open", () => {
    setting = systemSetting(false);
    const { unmount } = render(<Motion />);
    expect(screen.getByText('moving')).toBeTruthy();
    act(() => setting?.set(true));
    expect(screen.getByText('still')).toBeTruthy();
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('is on from the first render when the system already asks for less motion', () => {
    setting = systemSetting(true);
    render(<Motion />);
    expect(screen.getByText('still')).toBeTruthy();
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenderedLater } from './use-rendered-later';

function Parts({ seen }: { seen: boolean[] }) {
  const later = useRenderedLater();
  seen.push(later);
  return <p>{later ? 'menu' : 'first screen'}</p>;
}

describe('useRenderedLater', () => {
  it('is false in the first commit and true in the render after it', async () => {
    const seen: boolean[] = [];
    render(<Parts seen={seen} />);
    expect(seen[0]).toBe(false);
    expect(await screen.findByText('menu')).toBeTruthy();
    expect(seen.at(-1)).toBe(true);
  });

  it('stays true when the component renders again', async () => {
    const seen: boolean[] = [];
    const { rerender } = render(<Parts seen={seen} />);
    await screen.findByText('menu');
    const before = seen.length;
    act(() => rerender(<Parts seen={seen} />));
    expect(seen.length).toBeGreaterThan(before);
    expect(seen.slice(before).every(Boolean)).toBe(true);
  });
});

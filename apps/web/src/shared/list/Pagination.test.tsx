import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pagerCount } from './Pagination';

vi.mock('./scroll-to', () => ({ scrollTo: vi.fn() }));

describe('<Pagination>', () => {
  it('5 pager buttons under 992 px, else 7', () => {
    expect(pagerCount(991)).toBe(5);
    expect(pagerCount(992)).toBe(7);
  });

  it('shows total, sizes (default 20), pager and jumper; changes page and size', async () => {
    const onChange = vi.fn();
    const { container } = render(<Pagination total={95} page={1} limit={20} onChange={onChange} />);
    expect(screen.getByText('Total 95')).toBeTruthy();
    expect(screen.getByText('20/page')).toBeTruthy();
    expect(screen.getByText('Go to')).toBeTruthy();
    // The bar's parts in the spec's order: total, sizes, previous, pager, next, jumper.
    const order = [
      '.ccms-pagination-total',
      '.ccms-pagination-sizes',
      '.ant-pagination-prev',
      '.ant-pagination-item',
      '.ant-pagination-next',
      '.ccms-pagination-jumper',
    ];
    const nodes = order.map((s) => container.querySelector(s));
    for (let i = 1; i < nodes.length; i++) {
      const prev = nodes[i - 1];
      const next = nodes[i];
      if (!prev || !next) throw new Error(`missing ${order[i]}`);
      expect(prev.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenLastCalledWith(2, 20);
    const jumper = screen.getByLabelText('Go to');
    fireEvent.change(jumper, { target: { value: '5' } });
    fireEvent.keyDown(jumper, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
  });

  it('hides when there is nothing to page', () => {
    const { container } = render(<Pagination total={0} page={1} limit={20} onChange={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});

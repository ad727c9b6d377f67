import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight } from './Highlight';

describe('search snippet', () => {
  it('marks exactly the matched parts, keeps the text in order and never interprets markup', () => {
    const { container } = render(
      <p>
        <Highlight
          parts={[
            { text: '…安装 ', match: false },
            { text: '打印机', match: true },
            { text: ' <b>before</b> the ', match: false },
            { text: 'Printer', match: true },
          ]}
        />
      </p>,
    );
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['打印机', 'Printer']);
    expect(container.textContent).toBe('…安装 打印机 <b>before</b> the Printer');
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the fallback when there are no parts', () => {
    const { container } = render(<Highlight parts={[]} fallback="plain title" />);
    expect(container.textContent).toBe('plain title');
    expect(container.querySelector('mark')).toBeNull();
  });
});

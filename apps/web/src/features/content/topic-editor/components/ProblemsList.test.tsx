import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { ProblemsList } from './ProblemsList';

beforeAll(async () => {
  await i18n.loadNamespaces('topic-editor');
});

const old: EditorProblem = {
  line: 7,
  column: 5,
  severity: 'warning',
  code: 'dtd.invalid',
  preexisting: true,
  message: 'Already in the file before this edit (does not refuse the save): No declaration for attribute madeup of element p',
};

describe('<ProblemsList>', () => {
  it('shows the warnings of a save that went through as a warning, not a refusal', () => {
    const { container } = render(<ProblemsList problems={[old]} onJump={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('Saved; these problems were already in the file or are only warnings')).toBeTruthy();
    expect(screen.getByText(/Already in the file before this edit/)).toBeTruthy();
    expect(container.querySelector('.ant-alert-warning')).not.toBeNull();
  });

  it('shows a refusal when an error is among them', () => {
    const added: EditorProblem = { line: 8, column: 5, severity: 'error', code: 'dtd.invalid', message: 'No declaration for element madeupelement' };
    const { container } = render(<ProblemsList problems={[old, added]} onJump={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('The content has errors and was not saved')).toBeTruthy();
    expect(container.querySelector('.ant-alert-error')).not.toBeNull();
  });
});

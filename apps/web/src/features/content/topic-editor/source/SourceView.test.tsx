import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SourceView } from './SourceView';

const TEXT = '<dmodule>\n<content>\n<para>x</para>\n</content>\n</dmodule>\n';
const ERROR: EditorProblem = { line: 3, column: 1, severity: 'error', code: 'brex-value', message: 'Prefix of randomList items' };

describe('the source view', () => {
  it("marks the server's problems when they come after mount, and clears them", async () => {
    const noop = () => undefined;
    const view = render(<SourceView value={TEXT} onChange={noop} problems={[]} />);
    await new Promise((r) => setTimeout(r, 400));
    expect(view.container.querySelectorAll('.cm-lint-marker-error')).toHaveLength(0);
    view.rerender(<SourceView value={TEXT} onChange={noop} problems={[ERROR]} />);
    await waitFor(() => expect(view.container.querySelectorAll('.cm-lint-marker-error')).toHaveLength(1));
    view.rerender(<SourceView value={TEXT} onChange={noop} problems={[]} />);
    await waitFor(() => expect(view.container.querySelectorAll('.cm-lint-marker-error')).toHaveLength(0));
  });

  it('wraps long lines by default, and scrolls them sideways when the toggle turns wrapping off', async () => {
    const noop = () => undefined;
    const long = `<p>${'word '.repeat(400)}</p>\n`;
    const view = render(<SourceView value={long} onChange={noop} />);
    const content = () => view.container.querySelector('.cm-content');
    expect(content()?.classList.contains('cm-lineWrapping')).toBe(true);
    view.rerender(<SourceView value={long} onChange={noop} wrap={false} />);
    await waitFor(() => expect(content()?.classList.contains('cm-lineWrapping')).toBe(false));
    view.rerender(<SourceView value={long} onChange={noop} wrap />);
    await waitFor(() => expect(content()?.classList.contains('cm-lineWrapping')).toBe(true));
  });
});

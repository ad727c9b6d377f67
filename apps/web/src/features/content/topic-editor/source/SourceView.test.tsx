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
});

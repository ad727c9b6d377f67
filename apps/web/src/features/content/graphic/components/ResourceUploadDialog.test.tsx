import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { GRAPHIC_RULES } from './GraphicsTab';
import { ResourceUploadDialog } from './ResourceUploadDialog';

const SLOW = { timeout: 10_000 };
const MB = 1024 * 1024;

beforeAll(async () => {
  await i18n.loadNamespaces(['graphic', 'shared']);
});

const pick = (files: File[]) => {
  const input = document.querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
};

describe('<ResourceUploadDialog> for graphics', { timeout: 60_000 }, () => {
  it('refuses a wrong type and 2 MB with the spec messages, and sends only the accepted files with the folder', async () => {
    const onSubmit = vi.fn();
    render(
      <App>
        <ResourceUploadDialog open kind="graphic" rules={GRAPHIC_RULES} defaultFolder="images" pending={false} onCancel={vi.fn()} onSubmit={onSubmit} />
      </App>,
    );
    await screen.findByText('png/jpg/jpeg images only, smaller than 2 MB, at most 5', undefined, SLOW);
    pick([new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })]);
    await screen.findByText('Wrong file format, please upload images in png/jpg/jpeg format!', undefined, SLOW);
    pick([new File([new Uint8Array(2 * MB)], 'big.png', { type: 'image/png' })]);
    await screen.findByText('Image size cannot exceed 2 MB!', undefined, SLOW);
    pick([new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' })]);
    await screen.findByText('logo.png', undefined, SLOW);
    expect(screen.queryByText('big.png')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), SLOW);
    const [values, files] = onSubmit.mock.calls[0] ?? [];
    expect(values).toMatchObject({ folder: 'images', overwrite: false });
    expect((files as File[]).map((f) => f.name)).toEqual(['logo.png']);
  });
});

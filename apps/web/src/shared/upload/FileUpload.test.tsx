import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../api/duplicate-guard';
import { fakeFeedback, fakeServer } from '../../test/fakes';
import { FileUpload } from './FileUpload';
import { ImageUpload } from './ImageUpload';

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
});

const pick = (container: HTMLElement, files: File[]) => {
  const input = container.querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
};

describe('<FileUpload>', () => {
  it('uploads accepted files to /common/upload and emits the stored paths comma-separated, after all finished', async () => {
    let n = 0;
    const calls = fakeServer(() => ({
      data: { code: 200, msg: 'ok', url: '', fileName: `/profile/upload/f${++n}.pdf`, newFileName: '', originalFilename: '' },
    }));
    const onChange = vi.fn();
    const { container } = render(<FileUpload value="/profile/upload/old.pdf" onChange={onChange} />);
    pick(container, [new File(['1'], 'a.pdf', { type: 'application/pdf' }), new File(['2'], 'b.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith('/profile/upload/old.pdf,/profile/upload/f1.pdf,/profile/upload/f2.pdf');
    expect(calls.map((c) => c.url)).toEqual(['/common/upload', '/common/upload']);
    expect(calls[0]?.data).toBeInstanceOf(FormData);
    expect(fb.message.loading).toHaveBeenCalledWith(expect.objectContaining({ content: 'Uploading, please wait...' }));
    expect(screen.getByText('old.pdf')).toBeTruthy();
    expect(screen.getByText('Please upload files', { exact: false })).toBeTruthy();
  });

  it('refuses a wrong format, an oversize file and too many files with the spec messages', async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', fileName: '/x' } }));
    const { container } = render(<FileUpload value="" onChange={vi.fn()} limit={2} fileSize={1} />);
    pick(container, [new File(['x'], 'tool.exe', { type: 'application/x-msdownload' })]);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('Wrong file format, please upload files in doc/xls/ppt/txt/pdf format!'));
    pick(container, [new File([new Uint8Array(1024 * 1024)], 'big.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('Upload file size cannot exceed 1 MB!'));
    pick(container, [new File(['1'], 'a.pdf'), new File(['2'], 'b.pdf'), new File(['3'], 'c.pdf')]);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('The number of uploaded files cannot exceed 2!'));
    expect(calls).toHaveLength(0);
  });

  it('a failed upload shows the upload failed message', async () => {
    fakeServer(() => ({ error: { message: 'Network Error', code: 'ERR_NETWORK' } }));
    const onChange = vi.fn();
    const { container } = render(<FileUpload value="" onChange={onChange} />);
    pick(container, [new File(['1'], 'a.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('Upload failed, please try again'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('<ImageUpload>', () => {
  it('takes png, jpg, jpeg only, with the image message', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', fileName: '/x.png' } }));
    const { container } = render(<ImageUpload value="" onChange={vi.fn()} />);
    pick(container, [new File(['x'], 'a.gif', { type: 'image/gif' })]);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('Wrong file format, please upload images in png/jpg/jpeg format!'));
  });
});

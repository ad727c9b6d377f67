import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFeedback, fakeServer } from '../test/fakes';
import { download, downloadByName } from './download';

let fb: ReturnType<typeof fakeFeedback>;
let saved: { name: string; href: string }[];

beforeEach(() => {
  fb = fakeFeedback();
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:fake');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

describe('download helpers', () => {
  it('POSTs the params as a form and saves the blob under the given name', async () => {
    const calls = fakeServer(() => ({ data: new Blob(['xlsx'], { type: 'application/vnd.ms-excel' }) }));
    await expect(download('/system/user/export', { status: '0', params: { beginTime: '2024-01-01' } }, 'user.xlsx')).resolves.toBe(true);
    expect(calls[0]?.method).toBe('post');
    expect(calls[0]?.data).toBe('status=0&params%5BbeginTime%5D=2024-01-01');
    expect(calls[0]?.responseType).toBe('blob');
    expect(saved).toEqual([{ name: 'user.xlsx', href: 'blob:fake' }]);
    expect(fb.message.destroy).toHaveBeenCalled();
  });

  it('takes the file name from the download-filename header', async () => {
    const calls = fakeServer(() => ({ data: new Blob(['x']), headers: { 'download-filename': encodeURIComponent('报表 1.xlsx') } }));
    await downloadByName('a_1.xlsx');
    expect(calls[0]?.url).toBe('/common/download?fileName=a_1.xlsx&delete=true');
    expect(saved[0]?.name).toBe('报表 1.xlsx');
  });

  it('reads an error JSON blob: the mapped text for its code, else its msg', async () => {
    fakeServer(() => ({ data: new Blob([JSON.stringify({ code: 403, msg: 'x' })], { type: 'application/json' }) }));
    await expect(download('/a', {}, 'a.xlsx')).resolves.toBe(false);
    expect(fb.message.error).toHaveBeenLastCalledWith('The current operation has no permission');
    fakeServer(() => ({ status: 500, data: new Blob([JSON.stringify({ code: 500, msg: 'Export failed' })], { type: 'application/json' }) }));
    await download('/a', {}, 'a.xlsx');
    expect(fb.message.error).toHaveBeenLastCalledWith('Export failed');
    expect(saved).toEqual([]);
  });

  it('any other failure shows the download error', async () => {
    fakeServer(() => ({ error: { message: 'Network Error', code: 'ERR_NETWORK' } }));
    await download('/a', {}, 'a.xlsx');
    expect(fb.message.error).toHaveBeenLastCalledWith('Error downloading file, please contact the administrator!');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { userApi } from './user-api';

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
});

describe('user import', () => {
  it('reads the 601 warning as a result with every row, not as a failure', async () => {
    const calls = fakeServer(() => ({
      data: {
        code: 601,
        msg: 'Some rows could not be imported. Import finished: 1 succeeded, 1 failed. Errors:<br/>1. Row 3: exists',
        data: {
          summary: 'Import finished: 1 succeeded, 1 failed',
          successCount: 1,
          failureCount: 1,
          rows: [
            { row: 2, userName: 'new', ok: true, msg: 'Row 2: imported' },
            { row: 3, userName: 'admin', ok: false, msg: 'Row 3: exists' },
          ],
        },
      },
    }));
    const result = await userApi.importData(new Blob(['x']), 'users.xlsx', true);
    // The dialog lists the rows itself under the plain summary, not RuoYi's HTML list.
    expect(result).toMatchObject({ msg: 'Import finished: 1 succeeded, 1 failed', successCount: 1, failureCount: 1 });
    expect(result.rows).toHaveLength(2);
    expect(calls[0]?.url).toBe('/system/user/importData?updateSupport=true');
    expect(calls[0]?.data).toBeInstanceOf(FormData);
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('a refused file still fails with the server message', async () => {
    fakeServer(() => ({ status: 400, data: { code: 400, msg: 'The file is not a readable Excel workbook' } }));
    await expect(userApi.importData(new Blob(['x']), 'users.xlsx', false)).rejects.toThrow('The file is not a readable Excel workbook');
    expect(fb.notification.error).toHaveBeenCalledWith({ title: 'The file is not a readable Excel workbook' });
  });
});

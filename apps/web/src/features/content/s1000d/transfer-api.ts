import type { TransferExportBody, TransferImportFields, TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import { useMutation } from '@tanstack/react-query';
import { byUrl } from '../../../api/client';
import { downloadJson } from '../../../api/download';
import { useRefreshCatalog } from '../catalog/catalog-queries';

/** Text fields first, then the zip (the server checks the fields before reading the file). */
function importForm(fields: TransferImportFields, file: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  form.append('file', file, file.name);
  return form;
}

/** S1000D transfer packages (server: modules/content/s1000d/transfer): send one as a zip, take one in as a commit. */
export const transferApi = {
  exportPackage: (body: TransferExportBody) => downloadJson('/ccms/s1000d/transfer/export', body, 'transfer.zip'),
  importPackage: (fields: TransferImportFields, file: File) =>
    byUrl
      .post<{ data: TransferImportResult }>('/ccms/s1000d/transfer/import', importForm(fields, file), {
        headers: { 'Content-Type': 'multipart/form-data' },
        repeatSubmit: false,
        silent: true,
      })
      .then((r) => r.data),
};

/** Taking a package in commits to the library: the catalogue's lists refresh. */
export function useImportTransfer() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: TransferImportFields; file: File }) => transferApi.importPackage(fields, file),
    onSuccess: () => refresh(),
  });
}

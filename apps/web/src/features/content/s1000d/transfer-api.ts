import { S1000dTransferApi, type TransferExportBody, type TransferImportFields } from '@ccms/contracts/content/s1000d-transfer';
import { urlOf } from '@ccms/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
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
  exportPackage: (body: TransferExportBody) => downloadJson(urlOf(S1000dTransferApi.export), body, 'transfer.zip'),
  importPackage: (fields: TransferImportFields, file: File) =>
    api.one(
      S1000dTransferApi.import,
      { body: importForm(fields, file) },
      { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false, silent: true },
    ),
};

/** Taking a package in commits to the library: the catalogue's lists refresh. */
export function useImportTransfer() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: TransferImportFields; file: File }) => transferApi.importPackage(fields, file),
    onSuccess: () => refresh(),
  });
}

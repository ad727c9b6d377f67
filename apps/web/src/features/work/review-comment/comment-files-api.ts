import type { CommentExportBody, CommentImportFields } from '@ccms/contracts/content/s1000d-comments';
import { urlOf } from '@ccms/contracts/endpoint';
import { ReviewCommentApi } from '@ccms/contracts/work/review-comment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { downloadJson } from '../../../api/download';
import { reviewCommentKeys } from './review-comment-queries';

/** Text fields first, then the files (the server checks the fields before reading them). */
function importForm(fields: CommentImportFields, files: File[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** Review comments as S1000D comment files (server: modules/work/review-comment/review-comment-com): a zip of COM files out, COM files in. */
export const commentFilesApi = {
  exportComments: (body: Omit<CommentExportBody, 'state'> & { state?: CommentExportBody['state'] }) =>
    downloadJson(urlOf(ReviewCommentApi.exportComments), body, 'comments.zip'),
  importComments: (fields: CommentImportFields, files: File[]) =>
    api.one(
      ReviewCommentApi.importComments,
      { body: importForm(fields, files) },
      { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false, silent: true },
    ),
};

/** Taking comment files in makes review comments: every comment list refreshes. */
export function useImportComments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files }: { fields: CommentImportFields; files: File[] }) => commentFilesApi.importComments(fields, files),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewCommentKeys.all }),
  });
}

import { isDitaContent, isDitaMap } from '@ccms/dita/files';

/** Where the topic editor opens a topic; `documentId` fills its toc tab, `source` opens the XML view (/ccms/mxeditor/index). */
export function editorPath(at: {
  libraryId: number;
  branch?: string | null | undefined;
  path: string;
  documentId?: number | undefined;
  source?: boolean;
}): string {
  const query = new URLSearchParams({ libraryId: String(at.libraryId) });
  if (at.branch) query.set('branch', at.branch);
  query.set('path', at.path);
  if (at.documentId !== undefined) query.set('documentId', String(at.documentId));
  return `/ccms/${at.source ? 'mxeditor' : 'topic-editor'}/index?${query.toString()}`;
}

/** Files the editor opens: DITA topics (.dita, or .xml, which may hold one). */
export const isTopicPath = (path: string) => isDitaContent(path) && !isDitaMap(path);

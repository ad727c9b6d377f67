/** Where the catalogue's detail pages live (static routes of the spec's route table). */
export const documentDetailPath = (documentId: number) => `/ccms/document-detail/index?id=${documentId}`;

export const topicDetailPath = (topicId: number) => `/ccms/topic-detail/index?id=${topicId}`;

/** A topic by its path (a stale link answers "Topic does not exist"). */
export const topicPathDetailPath = (libraryId: number, branch: string, path: string) =>
  `/ccms/topic-detail/index?${new URLSearchParams({ libraryId: String(libraryId), branch, path }).toString()}`;

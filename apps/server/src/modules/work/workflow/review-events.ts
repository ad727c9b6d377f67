/**
 * What the workflow and review comments tell people about (issue 16, "Notices"). The work area
 * hands every event to the notification service when one is registered (`app.notices`); the
 * workflow never waits on delivery and a failing delivery never fails the action.
 */
export type ReviewEvent =
  | { type: 'approvalWaiting'; userIds: number[]; planId: number; planTitle: string; approvalId: number; by: string }
  | { type: 'contentDecided'; userIds: number[]; planId: number; planTitle: string; approved: boolean; reason: string; by: string }
  | { type: 'mentioned'; userIds: number[]; commentId: number; libraryId: number; branch: string; path: string; by: string };

export interface ReviewEvents {
  emit(event: ReviewEvent): void;
}

/** Hands events to `send`, dropping empty recipient lists; errors are reported to `onError`, never thrown. */
export function reviewEvents(send: ((event: ReviewEvent) => Promise<void>) | undefined, onError: (err: unknown) => void): ReviewEvents {
  return {
    emit(event) {
      const userIds = [...new Set(event.userIds)];
      if (!send || userIds.length === 0) return;
      send({ ...event, userIds }).catch(onError);
    },
  };
}

import type { Db } from '../../../db/client';
import type { NotificationService } from '../../system/notification/notification.service';
import { noticeChannelOf } from '../project/project-notice';

/** Who caused an event: never told about their own action. */
interface Actor {
  actorId: number;
  actor: string;
}

/**
 * What the workflow and review comments tell people about (issue 16, "Notices"): an approval
 * waiting for its reviewers, the writers' content approved or rejected (with the reason), an
 * @mention in a comment.
 */
export type ReviewEvent = Actor &
  (
    | { type: 'approvalWaiting'; userIds: number[]; projectId: number; planId: number; planTitle: string }
    | { type: 'contentDecided'; userIds: number[]; projectId: number; planId: number; planTitle: string; approved: boolean; reason: string }
    | { type: 'mentioned'; userIds: number[]; libraryId: number; branch: string; path: string; text: string }
  );

export interface ReviewEvents {
  emit(event: ReviewEvent): void;
}

const workflowLink = (planId: number) => `/work/workflow?planId=${planId}`;
const topicLink = (e: { libraryId: number; branch: string; path: string }) =>
  `/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(e.libraryId), branch: e.branch, path: e.path }).toString()}`;
const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Hands every event to the notification service (app.notification) with the plan's notice
 * channel. The action that raised it never waits on delivery, and a failure is only logged.
 */
export function reviewEvents(db: Db, notices: Pick<NotificationService, 'notify'>, onError: (err: unknown) => void): ReviewEvents {
  async function send(e: ReviewEvent) {
    const recipients = [...new Set(e.userIds)];
    if (recipients.length === 0) return;
    const base = { recipients, actorId: e.actorId };
    if (e.type === 'mentioned') {
      await notices.notify({ ...base, event: 'mentioned', params: { actor: e.actor, name: e.path, text: excerpt(e.text) }, link: topicLink(e) });
      return;
    }
    const channel = await noticeChannelOf(db, e.projectId, e.planId);
    if (e.type === 'approvalWaiting')
      await notices.notify({ ...base, event: 'approvalWaiting', params: { actor: e.actor, name: e.planTitle }, link: workflowLink(e.planId), channel });
    else
      await notices.notify({
        ...base,
        event: e.approved ? 'approvalPassed' : 'approvalRejected',
        params: { actor: e.actor, name: e.planTitle, reason: e.reason },
        link: workflowLink(e.planId),
        channel,
      });
  }
  return {
    emit(event) {
      send(event).catch(onError);
    },
  };
}

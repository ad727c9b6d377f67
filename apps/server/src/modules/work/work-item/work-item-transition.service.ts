import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { TransitionBody } from '@ccms/contracts/work/work-item';
import { transitionOf, type WorkItemType } from '@ccms/contracts/work/work-item-states';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsWorkItem as w } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { changes, mentionedUsers, type Stored } from './work-item.fields';
import { appendHistory, lockItem, userNames } from './work-item.queries';
import { workItemReader } from './work-item.reader';
import { addComment } from './work-item-collab.service';
import type { WorkItemIndex } from './work-item-index';

/** State transitions of requirements and defects (the ZenTao state machines in contracts). */
export function workItemTransitionService(db: Db, index: WorkItemIndex) {
  const { load, stale } = workItemReader(db);

  return {
    async transition(auth: AuthContext, workItemId: number, body: TransitionBody, lang: Language) {
      const item = await load(auth, workItemId, 'write', body.projectId);
      if (body.rowVersion !== undefined && body.rowVersion !== item.rowVersion) throw stale(item);
      const type = item.workItemType as WorkItemType;
      const step = transitionOf(type, item.status, body.action);
      if (!step) {
        throw badRequest('workItem.transitionRefused', {
          type: translate(lang, `workItem.type.${type}`),
          title: item.title,
          status: translate(lang, `workItem.status.${item.status}`),
          action: translate(lang, `workItem.action.${body.action}`),
        });
      }
      if (step.requires === 'resolution' && !body.resolution) throw badRequest('workItem.resolutionRequired');
      if (step.requires === 'closeReason' && !body.closeReason) throw badRequest('workItem.closeReasonRequired');
      const now = new Date();
      const set: Stored = { status: step.to };
      switch (body.action) {
        case 'reviewPass':
          if (!item.inProcessTime) set.inProcessTime = now;
          break;
        case 'reviewReject':
          Object.assign(set, { rejectTime: now, closed: now, closerId: auth.userId, closeReason: 'reject' });
          break;
        case 'close':
          Object.assign(set, { closed: now, closerId: auth.userId });
          if (type === 'requirement') {
            set.closeReason = body.closeReason;
            if (body.closeReason === 'done') Object.assign(set, { completed: now, progress: 100 });
          } else {
            set.verityTime = now;
            if (body.versionFix) set.versionClose = body.versionFix;
          }
          break;
        case 'activate':
          Object.assign(set, { closed: null, closerId: null, closeReason: '', completed: null });
          break;
        case 'resolve':
          Object.assign(set, { resolution: body.resolution, resolved: now, fixerId: auth.userId });
          if (body.versionFix) set.versionFix = body.versionFix;
          // As ZenTao: a resolved defect goes back to whoever raised it, to verify.
          if (item.createUserId) set.assigneeId = item.createUserId;
          break;
        case 'reactivate':
          Object.assign(set, { resolution: '', resolved: null, closed: null, closerId: null, verityTime: null, reactivateCount: item.reactivateCount + 1 });
          if (item.fixerId) set.assigneeId = item.fixerId;
          break;
        default:
          break;
      }
      await index.write(async (tx, touch) => {
        const locked = await lockItem(tx, workItemId);
        if (!locked) throw notFound('workItem.missing', { id: workItemId });
        if (locked.rowVersion !== item.rowVersion) throw stale(locked);
        touch(locked.projectId, [workItemId]);
        const names = await userNames(tx, mentionedUsers(locked, set));
        const entries = changes(body.action, locked, set, names);
        await tx
          .update(w)
          .set({ ...set, rowVersion: locked.rowVersion + 1, updateBy: auth.userName, updateTime: now })
          .where(eq(w.workItemId, workItemId));
        await appendHistory(tx, workItemId, auth.userName, entries, now);
        if (body.comment) await addComment(tx, auth, workItemId, { content: body.comment });
      });
    },
  };
}

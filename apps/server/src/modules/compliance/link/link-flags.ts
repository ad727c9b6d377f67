import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogTopic, ccmsRegulation, ccmsRegulationLink, sysUser } from '../../../db/schema';
import { sideBySide } from '../../content/shared/text-diff';
import type { NotifyInput } from '../../system/notification/notification.service';

type DiffLine = { type: 'same' | 'added' | 'removed'; text: string };

/** The lines of the diff from one text to the other: unchanged lines kept only next to a change. */
export function textDiff(before: string, after: string): DiffLine[] {
  const { rows } = sideBySide(splitSentences(before), splitSentences(after));
  const lines: DiffLine[] = [];
  for (const r of rows) {
    if (r.type === 'same') lines.push({ type: 'same', text: r.left?.text ?? '' });
    else {
      if (r.left) lines.push({ type: 'removed', text: r.left.text });
      if (r.right) lines.push({ type: 'added', text: r.right.text });
    }
  }
  const near = (i: number) => lines[i] !== undefined && lines[i]?.type !== 'same';
  return lines.filter((l, i) => l.type !== 'same' || near(i - 1) || near(i + 1));
}

/** Topic bodies are stored on one line: a sentence per line makes the diff readable. */
const splitSentences = (text: string) => text.replace(/([.!?。！？])\s+/g, '$1\n');

export type Notify = (input: NotifyInput) => Promise<unknown>;

/** Tells each regulation's owner how many of its links now wait for re-verifying. */
async function tellOwners(db: Db, notify: Notify, flagged: { regulationId: number }[], reason: string) {
  const counts = new Map<number, number>();
  for (const f of flagged) counts.set(f.regulationId, (counts.get(f.regulationId) ?? 0) + 1);
  if (counts.size === 0) return;
  const regs = await db
    .select({ regulationId: ccmsRegulation.regulationId, name: ccmsRegulation.name, revision: ccmsRegulation.revision, ownerId: sysUser.userId })
    .from(ccmsRegulation)
    .leftJoin(sysUser, eq(sysUser.userName, ccmsRegulation.owner))
    .where(inArray(ccmsRegulation.regulationId, [...counts.keys()]));
  for (const r of regs) {
    if (!r.ownerId) continue;
    await notify({
      event: 'regulationReverify',
      recipients: [r.ownerId],
      params: { name: `${r.name} ${r.revision}`, text: counts.get(r.regulationId) ?? 0, reason },
      link: `/compliance/regulationRelation?regulationId=${r.regulationId}&flagged=true`,
    });
  }
}

/** A clause's text changed (a new revision's import, an edit): its links wait for re-verifying, with the diff. */
export async function flagClauseChange(db: Db, notify: Notify, clauseId: number, before: string, after: string): Promise<number> {
  if (before === after) return 0;
  const flagged = await db
    .update(ccmsRegulationLink)
    .set({ flagged: true, flagReason: 'clauseChanged', flagDiff: textDiff(before, after), updateTime: new Date() })
    .where(eq(ccmsRegulationLink.clauseId, clauseId))
    .returning({ regulationId: ccmsRegulationLink.regulationId });
  await tellOwners(db, notify, flagged, 'clauseChanged');
  return flagged.length;
}

/**
 * Links whose topic changed since it was linked or last verified (its catalogue hash moved):
 * flagged "topic changed" with the diff of the topic text. Run before links or matrices are read,
 * so a change made through the editor or pushed to git is caught either way.
 */
export async function flagChangedTopics(db: Db, notify: Notify, where: { regulationId?: number; topicIds?: number[] }): Promise<number> {
  const L = ccmsRegulationLink;
  const T = ccmsCatalogTopic;
  const changed = await db
    .select({ linkId: L.linkId, regulationId: L.regulationId, before: L.verifiedText, after: T.body })
    .from(L)
    .innerJoin(T, eq(T.topicId, L.topicId))
    .where(
      and(
        inArray(L.targetType, ['topic', 'element']),
        eq(L.flagged, false),
        ne(L.verifiedHash, T.hash),
        where.regulationId ? eq(L.regulationId, where.regulationId) : undefined,
        where.topicIds ? inArray(L.topicId, where.topicIds.length ? where.topicIds : [0]) : undefined,
      ),
    );
  for (const c of changed) {
    await db
      .update(L)
      .set({ flagged: true, flagReason: 'topicChanged', flagDiff: textDiff(c.before, c.after), updateTime: new Date() })
      .where(eq(L.linkId, c.linkId));
  }
  await tellOwners(db, notify, changed, 'topicChanged');
  return changed.length;
}

/** Verified again: the flag goes and the topic's current text becomes the baseline. */
export async function clearFlags(db: Db, linkIds: number[], by: string) {
  const L = ccmsRegulationLink;
  await db
    .update(L)
    .set({
      flagged: false,
      flagReason: '',
      flagDiff: [],
      verifiedHash: sql`coalesce((SELECT t.hash FROM ${ccmsCatalogTopic} t WHERE t.topic_id = ${L.topicId}), '')`,
      verifiedText: sql`coalesce((SELECT t.body FROM ${ccmsCatalogTopic} t WHERE t.topic_id = ${L.topicId}), '')`,
      updateBy: by,
      updateTime: new Date(),
    })
    .where(inArray(L.linkId, linkIds));
}

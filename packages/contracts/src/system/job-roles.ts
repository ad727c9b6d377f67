import { DocumentPerm } from '../content/document';
import { ExplorerPerm } from '../content/explorer';
import { AbbreviationPerm, TermPerm } from '../content/glossary';
import { GraphicPerm } from '../content/graphic';
import { LibraryPerm } from '../content/library';
import { SearchPerm } from '../content/search';
import { TopicPerm } from '../content/topic';
import { DeliverablePerm } from '../publish/deliverable';
import { PublicationPerm, PublishLogPerm } from '../publish/publication';
import { PlanPerm } from '../work/plan';
import { ProjectPerm } from '../work/project';
import { ReleasePerm } from '../work/release';
import { ReleaseLogPerm } from '../work/release-log';
import { ReviewCommentPerm } from '../work/review-comment';
import { TaskPerm } from '../work/task';
import { WorkItemPerm } from '../work/work-item';
import { WorkflowPerm } from '../work/workflow';

/**
 * What people do in CCMS, each activity with exactly the permission strings its screens and calls
 * need (the routes declare them). The role editor groups rights by these; the seeded job roles are
 * made of them. Rights on the objects (library and project grant levels) come on top.
 */
export const ACTIVITIES = ['read', 'write', 'review', 'translate', 'publish', 'deliver', 'plan', 'administer'] as const;
export type Activity = (typeof ACTIVITIES)[number];

const all = (perm: Readonly<Record<string, string>>) => Object.values(perm);

/** Permission strings that begin with one of these belong to administering the system. */
export const ADMIN_PREFIXES = ['system:', 'monitor:', 'tool:'] as const;

export const ACTIVITY_PERMS: Record<Activity, readonly string[]> = {
  /** Find and read content and what was published from it (the document center). */
  read: [
    LibraryPerm.list,
    LibraryPerm.query,
    ExplorerPerm.list,
    ExplorerPerm.query,
    DocumentPerm.list,
    DocumentPerm.query,
    TopicPerm.list,
    TopicPerm.query,
    GraphicPerm.list,
    GraphicPerm.query,
    AbbreviationPerm.list,
    AbbreviationPerm.query,
    TermPerm.list,
    TermPerm.query,
    SearchPerm.list,
    SearchPerm.query,
    PublicationPerm.list,
    PublicationPerm.query,
  ],
  /** Write topics and maps (editors, explorer, resources, glossary) and hand them to review. */
  write: [
    TopicPerm.add,
    TopicPerm.edit,
    TopicPerm.remove,
    DocumentPerm.add,
    DocumentPerm.edit,
    DocumentPerm.import,
    ExplorerPerm.add,
    ExplorerPerm.edit,
    ExplorerPerm.remove,
    ExplorerPerm.upload,
    GraphicPerm.add,
    GraphicPerm.edit,
    GraphicPerm.remove,
    GraphicPerm.upload,
    AbbreviationPerm.add,
    AbbreviationPerm.edit,
    TermPerm.add,
    TermPerm.edit,
    TaskPerm.mine,
    WorkflowPerm.query,
    WorkflowPerm.act,
    ReviewCommentPerm.list,
    ReviewCommentPerm.add,
  ],
  /** Review: comment on topics, approve or reject in the workflow. */
  review: [TaskPerm.mine, WorkflowPerm.query, WorkflowPerm.act, ReviewCommentPerm.list, ReviewCommentPerm.add],
  /** Translate: export XLIFF of a document, import it translated (the translation's files are written). */
  translate: [DocumentPerm.query, DocumentPerm.import, TaskPerm.mine, WorkflowPerm.query, WorkflowPerm.act],
  /** Publish: publications, publishing documents, outputs and the publish log. */
  publish: [...all(PublicationPerm), DocumentPerm.publish, PublishLogPerm.list, PublishLogPerm.query],
  /** Deliver outputs to the delivery servers. */
  deliver: all(DeliverablePerm),
  /** Plan work: projects, plans, tasks, releases, work items, the release log, the workflow and the deliveries' receipts. */
  plan: [
    ProjectPerm.list,
    ProjectPerm.query,
    ProjectPerm.add,
    ProjectPerm.edit,
    ProjectPerm.export,
    ...all(PlanPerm),
    ...all(TaskPerm),
    ...all(ReleasePerm),
    ...all(ReleaseLogPerm),
    ...all(WorkItemPerm),
    WorkflowPerm.query,
    WorkflowPerm.act,
    // A lead watches what their projects deliver: the home page's failed deliveries link to the receipts.
    DeliverablePerm.list,
    DeliverablePerm.query,
  ],
  /** Administer: the System, Monitor and Tool menus and the library settings (see ADMIN_PREFIXES). */
  administer: [LibraryPerm.add, LibraryPerm.edit, LibraryPerm.remove, LibraryPerm.export],
};

/** The activity or activities a permission string belongs to (none: the rest of the menu tree). */
export function activitiesOf(perms: string | null | undefined): Activity[] {
  if (!perms) return [];
  const found = ACTIVITIES.filter((a) => ACTIVITY_PERMS[a].includes(perms));
  if (ADMIN_PREFIXES.some((p) => perms.startsWith(p)) && !found.includes('administer')) found.push('administer');
  return found;
}

/** A seeded job role: its fixed id, key, names, the activities it is made of and the library level its work needs. */
export interface JobRole {
  roleId: number;
  roleKey: string;
  zh: string;
  en: string;
  activities: readonly Activity[];
  libraryLevel: 'read' | 'publish' | 'write';
}

/**
 * The job roles every install has (ids 3-8, below the identity start of new roles). Each holds
 * exactly its activities' permissions; a library grant to the role gives the level its work needs.
 */
export const JOB_ROLES: readonly JobRole[] = [
  { roleId: 3, roleKey: 'author', zh: '作者', en: 'Author', activities: ['read', 'write'], libraryLevel: 'write' },
  { roleId: 4, roleKey: 'reviewer', zh: '审阅者', en: 'Reviewer', activities: ['read', 'review'], libraryLevel: 'read' },
  { roleId: 5, roleKey: 'translator', zh: '译员', en: 'Translator', activities: ['read', 'translate'], libraryLevel: 'write' },
  { roleId: 6, roleKey: 'publisher', zh: '发布者', en: 'Publisher', activities: ['read', 'publish', 'deliver'], libraryLevel: 'publish' },
  { roleId: 7, roleKey: 'reader', zh: '读者', en: 'Reader', activities: ['read'], libraryLevel: 'read' },
  { roleId: 8, roleKey: 'teamLead', zh: '团队负责人', en: 'Team lead', activities: ['read', 'plan'], libraryLevel: 'read' },
];

/** The permission strings a job role holds: its activities' together. */
export const jobRolePerms = (role: JobRole): string[] => [...new Set(role.activities.flatMap((a) => ACTIVITY_PERMS[a]))];

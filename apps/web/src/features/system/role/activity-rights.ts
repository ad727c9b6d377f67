import { ACTIVITIES, type Activity, activitiesOf } from '@ccms/contracts/system/job-roles';
import type { TreeOption } from '@ccms/contracts/system/menu';

/** A right as the activity view lists it: the menu id it ticks, its name under its page ("Topics › Edit topic"). */
export interface ActivityRight {
  id: number;
  label: string;
  /** The page (or directory) it sits under, for the name. */
  parent: string;
  perms: string;
}

/** One group of the activity view: an activity (write topics, review, ...) or the rest of the menu tree. */
export interface ActivityGroup {
  key: Activity | 'other';
  rights: ActivityRight[];
}

/**
 * The rights of a menu tree grouped by what a person does (contracts' ACTIVITY_PERMS): every menu
 * or button with a permission string lands in each activity it belongs to, the others in "other",
 * in tree order. Directories and pages without a permission are the tree's structure, not rights:
 * ticking a right ticks (or half-ticks) them as in the menu view.
 */
export function groupByActivity(tree: readonly TreeOption[]): ActivityGroup[] {
  const groups = new Map<ActivityGroup['key'], ActivityRight[]>([...ACTIVITIES, 'other' as const].map((k) => [k, []]));
  const walk = (nodes: readonly TreeOption[], parent: string) => {
    for (const node of nodes) {
      if (node.perms) {
        const right = { id: node.id, label: node.label, parent, perms: node.perms };
        const found = activitiesOf(node.perms);
        for (const key of found.length > 0 ? found : ['other' as const]) groups.get(key)?.push(right);
      }
      walk(node.children ?? [], node.label);
    }
  };
  walk(tree, '');
  return [...groups].filter(([, rights]) => rights.length > 0).map(([key, rights]) => ({ key, rights }));
}

/** How much of a group is ticked: all, some or none of its rights. */
export function groupState(group: ActivityGroup, checked: readonly number[]): 'all' | 'some' | 'none' {
  const on = group.rights.filter((r) => checked.includes(r.id)).length;
  if (on === 0) return 'none';
  return on === group.rights.length ? 'all' : 'some';
}

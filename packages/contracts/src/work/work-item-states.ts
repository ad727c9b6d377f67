/**
 * The state machines of work items, as ZenTao runs stories and bugs. The server enforces them;
 * the web shows only the actions allowed from an item's current state.
 */

export const WORK_ITEM_TYPES = ['requirement', 'defect'] as const;
export type WorkItemType = (typeof WORK_ITEM_TYPES)[number];

export const REQUIREMENT_STATES = ['draft', 'reviewing', 'active', 'changing', 'closed'] as const;
export const DEFECT_STATES = ['active', 'resolved', 'closed'] as const;
export const WORK_ITEM_STATES = ['draft', 'reviewing', 'active', 'changing', 'resolved', 'closed'] as const;
export type WorkItemState = (typeof WORK_ITEM_STATES)[number];

/** Where a new item starts. */
export const INITIAL_STATE: Record<WorkItemType, WorkItemState> = { requirement: 'draft', defect: 'active' };

/** How a defect was resolved (required by resolve). */
export const RESOLUTIONS = ['fixed', 'bydesign', 'duplicate', 'external', 'notrepro', 'postponed', 'willnotfix'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Why a requirement was closed (required by close); reject closes with reason "reject". */
export const CLOSE_REASONS = ['done', 'subdivided', 'duplicate', 'postponed', 'willnotdo', 'cancel', 'bydesign'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const WORK_ITEM_ACTIONS = [
  'submitReview',
  'reviewPass',
  'reviewReject',
  'reviewClarify',
  'change',
  'close',
  'activate',
  'resolve',
  'reactivate',
] as const;
export type WorkItemAction = (typeof WORK_ITEM_ACTIONS)[number];

export interface Transition {
  from: readonly WorkItemState[];
  to: WorkItemState;
  /** A field the action cannot go without. */
  requires?: 'resolution' | 'closeReason';
}

type Machine = Partial<Record<WorkItemAction, Transition>>;

/** Requirement: draft → reviewing → active (pass) / closed (reject) / draft (clarify); active → changing → reviewing; close with a reason; closed → active. */
export const REQUIREMENT_MACHINE: Machine = {
  submitReview: { from: ['draft', 'changing'], to: 'reviewing' },
  reviewPass: { from: ['reviewing'], to: 'active' },
  reviewReject: { from: ['reviewing'], to: 'closed' },
  reviewClarify: { from: ['reviewing'], to: 'draft' },
  change: { from: ['active'], to: 'changing' },
  close: { from: ['active'], to: 'closed', requires: 'closeReason' },
  activate: { from: ['closed'], to: 'active' },
};

/** Defect: active → resolved (with a resolution) → closed, or back to active (reactivate, counted); closed → active. */
export const DEFECT_MACHINE: Machine = {
  resolve: { from: ['active'], to: 'resolved', requires: 'resolution' },
  close: { from: ['resolved'], to: 'closed' },
  reactivate: { from: ['resolved', 'closed'], to: 'active' },
};

export const MACHINES: Record<WorkItemType, Machine> = { requirement: REQUIREMENT_MACHINE, defect: DEFECT_MACHINE };

export function statesOf(type: WorkItemType): readonly WorkItemState[] {
  return type === 'requirement' ? REQUIREMENT_STATES : DEFECT_STATES;
}

/** The transition an action makes from `state`, or null when the machine refuses it. */
export function transitionOf(type: WorkItemType, state: string, action: WorkItemAction): Transition | null {
  const t = MACHINES[type][action];
  return t && (t.from as readonly string[]).includes(state) ? t : null;
}

/** Actions allowed from a state, in the machine's order. */
export function allowedActions(type: WorkItemType, state: string): WorkItemAction[] {
  return WORK_ITEM_ACTIONS.filter((a) => transitionOf(type, state, a) !== null);
}

/** States in which an item still needs work (the dashboard's "open"). */
export const isOpenState = (state: string) => state !== 'closed';

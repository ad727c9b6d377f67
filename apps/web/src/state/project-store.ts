import type { Denied } from '@ccms/contracts/http';
import { ProjectApi } from '@ccms/contracts/work/project';
import { create } from 'zustand';
import { api } from '../api/client';
import { deniedOf } from '../api/denied';

/** The fields of a project the shell needs; the full type comes with the projects feature. */
export interface ProjectOption {
  id: number;
  title: string;
  name?: string;
}

/** Session properties of spec section 3, kept in session storage. */
export const SESSION_KEYS = {
  currentProjectId: 'currentProjectId',
  currentProject: 'currentProject',
  currentFolderPath: 'currentFolderPath',
  currentLibraryName: 'currentLibraryName',
} as const;

const readId = (): number | null => {
  const raw = sessionStorage.getItem(SESSION_KEYS.currentProjectId);
  const id = raw === null ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(id) ? id : null;
};

export interface ProjectState {
  projects: ProjectOption[];
  currentProjectId: number | null;
  /** False until the list loaded; stays false when the call is not available (the selector hides). */
  available: boolean;
  /** The right the project list was refused for (403): the selector says so instead of hiding. */
  denied: Denied | null;
  load(): Promise<void>;
  select(id: number): void;
}

const isProject = (row: unknown): row is ProjectOption =>
  typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'number' && 'title' in row && typeof row.title === 'string';

/**
 * Selected project (spec section 4): loaded from the project list with status 0; keeps the current
 * one if still listed, otherwise the first. Changing it resets the current folder path.
 */
export const useProjects = create<ProjectState>()((set, get) => ({
  projects: [],
  currentProjectId: readId(),
  available: false,
  denied: null,

  async load() {
    try {
      const res: { rows?: unknown[] } = await api.call(ProjectApi.list, { query: { status: '0' } }, { silent: true });
      const projects = (res.rows ?? []).filter(isProject);
      const kept = projects.find((p) => p.id === get().currentProjectId) ?? projects[0];
      set({ projects, available: projects.length > 0, denied: null });
      if (kept) {
        sessionStorage.setItem(SESSION_KEYS.currentProjectId, String(kept.id));
        sessionStorage.setItem(SESSION_KEYS.currentProject, JSON.stringify(kept));
        set({ currentProjectId: kept.id });
      }
    } catch (err) {
      // Refused: the selector says which right is missing; otherwise (no such list here) it stays hidden.
      set({ projects: [], available: false, denied: deniedOf(err) });
    }
  },

  select(id) {
    const project = get().projects.find((p) => p.id === id);
    if (!project) return;
    sessionStorage.setItem(SESSION_KEYS.currentProjectId, String(id));
    sessionStorage.setItem(SESSION_KEYS.currentProject, JSON.stringify(project));
    sessionStorage.removeItem(SESSION_KEYS.currentFolderPath);
    set({ currentProjectId: id });
  },
}));

import type { EditorKeyRow, EditorTargetRow } from '@ccms/contracts/content/topic-editor-pickers';
import { parseXml, type XmlElement } from '@ccms/dita';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { keyDefinitions, topicsAt, topicsMatching } from './topic-editor.queries';
import { textOf } from './topic-editor.service';

const IMAGE = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?)$/i;
/** The files an element id is searched in (the catalogue indexes topics' titles, paths and root ids, not their elements). */
const TOPIC_FILES = ['*.dita', '*.xml'];
const SHORT = 80;

/** What a key is for, from where it points and what its definition holds. */
function kindOf(def: { targetPath: string | null; text: string; docType: string | null }): EditorKeyRow['kind'] {
  if (!def.targetPath) return def.text ? 'variable' : 'other';
  if (IMAGE.test(def.targetPath)) return 'image';
  if (def.docType === 'glossentry') return 'glossentry';
  if (def.docType) return 'topic';
  return def.text ? 'variable' : 'other';
}

/** Elements with an id inside the first topic of a file (the root topic itself left out). */
function elementsWithIds(root: XmlElement): { id: string; element: string; title: string }[] {
  const out: { id: string; element: string; title: string }[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      const id = c.attrs.id;
      if (id) {
        const heading = c.children.find((k): k is XmlElement => k.type === 'element' && k.name === 'title');
        out.push({ id, element: c.name, title: (textOf(heading) || textOf(c)).slice(0, SHORT) });
      }
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** The editor's pickers: reference targets and keys, from the branch's catalogue. */
export function editorPickers(db: Db, { git, catalog }: CatalogRuntime & { git: LibraryGit }) {
  return {
    /**
     * Topics whose title, file path or root id holds `q` (xref), with the elements with an id
     * inside them (xref and conref; a conref needs an element); then elements whose id or title
     * holds `q` in topics that do not match themselves (found by git grep of the files).
     */
    async targets(auth: AuthContext, q: { libraryId: number; branch?: string; q: string; kind: 'xref' | 'conref'; limit: number }): Promise<EditorTargetRow[]> {
      const { row, index } = await catalog.open(auth, q.libraryId, q.branch);
      const topics = await topicsMatching(db, index.libraryId, index.branch, q.q, q.limit);
      const { repo } = await git.ready(row);
      const matched = new Set(topics.map((t) => t.path));
      const byElement = q.q ? (await repo.filesContaining(index.commit, q.q, TOPIC_FILES)).filter((p) => !matched.has(p)).slice(0, q.limit) : [];
      const others = await topicsAt(db, index.libraryId, index.branch, byElement);
      const all = [...topics, ...others];
      const bodies = await repo.readFiles(
        index.commit,
        all.map((t) => t.path),
      );
      const needle = q.q.toLowerCase();
      const out: EditorTargetRow[] = [];
      all.forEach((t, i) => {
        const whole = matched.has(t.path);
        if (q.kind === 'xref' && whole) out.push({ path: t.path, topicId: t.topicId, elementId: null, element: t.docType || 'topic', title: t.title });
        const body = bodies[i];
        const root = body ? parseXml(body, t.path).root : undefined;
        if (!root) return;
        for (const e of elementsWithIds(root)) {
          if (whole || e.id.toLowerCase().includes(needle) || e.title.toLowerCase().includes(needle))
            out.push({ path: t.path, topicId: t.topicId, elementId: e.id, element: e.element, title: e.title });
        }
      });
      return out.slice(0, q.limit);
    },

    /** Keys the branch's maps define (the first definition of a key wins, as in the engine's key space). */
    async keys(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<EditorKeyRow[]> {
      const { index } = await catalog.open(auth, q.libraryId, q.branch);
      const seen = new Set<string>();
      const out: EditorKeyRow[] = [];
      for (const def of await keyDefinitions(db, index.libraryId, index.branch)) {
        if (seen.has(def.key)) continue;
        seen.add(def.key);
        out.push({ key: def.key, kind: kindOf(def), text: def.text || def.targetPath || '', href: def.targetPath });
      }
      return out;
    },
  };
}

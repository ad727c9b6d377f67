import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { useMemo } from 'react';
import type { DitaResolvers } from '../model/extensions/special';
import type { Target } from '../topic-editor-api';
import { useEditorKeys } from '../topic-editor-queries';

/** The reference attributes a broken-reference problem can name. */
const REF_ATTRS = ['href', 'keyref', 'conref', 'conkeyref'] as const;

/** The reason a reference is broken, when a ref.broken problem names its target. */
export function brokenReason(attrs: Record<string, string>, problems: readonly EditorProblem[]): string | undefined {
  const broken = problems.filter((p) => p.code === 'ref.broken');
  for (const name of REF_ATTRS) {
    const value = attrs[name];
    if (!value) continue;
    const hit = broken.find((p) => p.message.includes(value));
    if (hit) return hit.message;
  }
  return undefined;
}

/** How the visual view shows references: key texts from the library's maps (variables, glossary terms). */
export function useReferenceResolvers(target: Target): DitaResolvers {
  const keys = useEditorKeys({ libraryId: target.libraryId, ...(target.branch ? { branch: target.branch } : {}) });
  return useMemo(() => {
    const byKey = new Map((keys.data ?? []).map((k) => [k.key, k]));
    const keyText = (attrs: Record<string, string>) => {
      const key = attrs.keyref ? byKey.get(attrs.keyref.split('/')[0] ?? '') : undefined;
      return key?.text || undefined;
    };
    return { resolveText: (_element, attrs) => keyText(attrs) };
  }, [keys.data]);
}

import { GraphicApi } from '@ccms/contracts/content/graphic';
import type { EditorConref, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { urlOf } from '@ccms/contracts/endpoint';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { folderOf, resolveHref } from '../../map-editor/model/hrefs';
import type { DitaResolvers } from '../model/editor';
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

/**
 * The library path an `<image href>` of the topic at `topicPath` points to (`../images/a.svg`
 * from `topics/t.dita` is `images/a.svg`); undefined for external, absolute or escaping hrefs.
 */
export function imagePath(topicPath: string, attrs: Record<string, string>): string | undefined {
  const href = attrs.href?.trim();
  if (!href || href.startsWith('/')) return undefined;
  return resolveHref(folderOf(topicPath), href, attrs.scope) ?? undefined;
}

/** The URL an `<image>` is drawn from: the library's graphic (by the open answer's ticket), or an external href as written. */
export function imageUrl(target: Target, ticket: string | undefined, attrs: Record<string, string>): string | undefined {
  const href = attrs.href?.trim();
  if (href && (attrs.scope === 'external' || /^(https?:)?\/\//i.test(href) || href.startsWith('data:'))) return href;
  const path = imagePath(target.path, attrs);
  if (!path) return undefined;
  const query = new URLSearchParams({
    libraryId: String(target.libraryId),
    ...(target.branch ? { branch: target.branch } : {}),
    path,
    ...(ticket ? { ticket } : {}),
  });
  return resourceUrl(`${urlOf(GraphicApi.raw)}?${query.toString()}`);
}

/** The key a content reference is found by: the attribute that wins (conkeyref) and its value. */
const conrefKey = (attr: string, value: string) => `${attr}\u0000${value}`;

/**
 * How the visual view shows references: key texts from the library's maps (variables, glossary
 * terms), and content references as the engine resolved them for the preview (text and "open
 * source", or why broken). The resolvers stay the same object and read the latest answers;
 * `version` changes when those do, so the view draws them again.
 */
export function useReferenceResolvers(
  target: Target,
  conrefs: readonly EditorConref[] | undefined,
  onOpenSource: (path: string) => void,
  ticket?: string,
): { resolvers: DitaResolvers; version: unknown } {
  const { t, i18n } = useTranslation('topic-editor');
  const keys = useEditorKeys({ libraryId: target.libraryId, ...(target.branch ? { branch: target.branch } : {}) });
  const byKey = useMemo(() => new Map((keys.data ?? []).map((k) => [k.key, k])), [keys.data]);
  // Each preview answer brings a new list; the view draws references again only when what it says changed.
  const conrefsText = JSON.stringify(conrefs ?? []);
  const byConref = useMemo(() => new Map((JSON.parse(conrefsText) as EditorConref[]).map((c) => [conrefKey(c.attr, c.value), c])), [conrefsText]);
  const latest = useRef({ byKey, byConref, onOpenSource, openLabel: t('picker.openSource'), target, ticket });
  latest.current = { byKey, byConref, onOpenSource, openLabel: t('picker.openSource'), target, ticket };
  const resolvers = useMemo<DitaResolvers>(
    () => ({
      // The labels the view draws (note types, metadata) in the language the view opened in.
      lang: i18n.language,
      resolveImage: (attrs) => imageUrl(latest.current.target, latest.current.ticket, attrs),
      resolveText: (_element, attrs) => {
        const key = attrs.keyref ? latest.current.byKey.get(attrs.keyref.split('/')[0] ?? '') : undefined;
        return key?.text || undefined;
      },
      resolveConref: (_element, attrs) => {
        const { byConref: found, onOpenSource: open, openLabel } = latest.current;
        const c = attrs.conkeyref
          ? found.get(conrefKey('conkeyref', attrs.conkeyref))
          : attrs.conref
            ? found.get(conrefKey('conref', attrs.conref))
            : undefined;
        if (!c) return undefined;
        if (c.problem) return { problem: c.problem };
        const path = c.path;
        return { text: c.text, open: path ? { label: openLabel, run: () => open(path) } : undefined };
      },
    }),
    // Made once per language: the resolvers read the latest answers themselves.
    [i18n.language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token whenever either answer changes
  const version = useMemo(() => ({}), [byKey, byConref]);
  return { resolvers, version };
}

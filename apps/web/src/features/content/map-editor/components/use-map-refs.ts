import type { MapDocument, MapKeyRef, MapRef } from '@ccms/contracts/content/map-editor';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useDebounced } from '../../../../shared/use-debounced';
import type { Target } from '../../topic-editor/topic-editor-api';
import { mapEditorApi } from '../map-editor-api';
import type { MapModel } from '../model/map-model';

/** Edits must have settled this long before the references they added are resolved. */
const RESOLVE_SETTLE_MS = 300;

/**
 * What the map's references point at (title, path, whether it exists), by href and by key: the
 * open answer's, then the hrefs and @keyrefs the editor has not resolved yet (added, or typed in
 * the source view) once the edits settle. `refresh` asks for all of them again (after a save).
 */
export function useMapRefs(target: Target, opened: MapDocument, model: RefObject<MapModel>, version: number) {
  const [refs, setRefs] = useState<Map<string, MapRef>>(() => new Map(opened.refs.map((r) => [r.href, r])));
  const [keyRefs, setKeyRefs] = useState<Map<string, MapKeyRef>>(() => new Map(opened.keyRefs.map((k) => [k.keyref, k])));
  const settledVersion = useDebounced(version, RESOLVE_SETTLE_MS);
  const askedFor = useRef(new Set<string>(opened.refs.map((r) => r.href)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edits settle
  useEffect(() => {
    const missing = model.current.hrefs().filter((h) => !askedFor.current.has(h));
    if (missing.length === 0) return;
    for (const h of missing) askedFor.current.add(h);
    void mapEditorApi.resolve(target, missing).then((rows) =>
      setRefs((m) => {
        const next = new Map(m);
        for (const r of rows) next.set(r.href, r);
        return next;
      }),
    );
  }, [settledVersion, target]);

  // Likewise the @keyrefs of nodes without an href (their titles come from the key space).
  const keysAskedFor = useRef(new Set<string>(opened.keyRefs.map((k) => k.keyref)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edits settle
  useEffect(() => {
    const missing = model.current.keyrefs().filter((k) => !keysAskedFor.current.has(k));
    if (missing.length === 0) return;
    for (const k of missing) keysAskedFor.current.add(k);
    void mapEditorApi.resolveKeys(target, missing).then((rows) =>
      setKeyRefs((m) => {
        const next = new Map(m);
        for (const r of rows) next.set(r.keyref, r);
        return next;
      }),
    );
  }, [settledVersion, target]);

  const refresh = useCallback(() => {
    const hrefs = model.current.hrefs();
    askedFor.current = new Set(hrefs);
    void mapEditorApi.resolve(target, hrefs).then((rows) => setRefs(new Map(rows.map((r) => [r.href, r]))));
    const keyrefs = model.current.keyrefs();
    keysAskedFor.current = new Set(keyrefs);
    if (keyrefs.length > 0) void mapEditorApi.resolveKeys(target, keyrefs).then((rows) => setKeyRefs(new Map(rows.map((r) => [r.keyref, r]))));
  }, [target, model]);

  return { refs, keyRefs, refresh };
}

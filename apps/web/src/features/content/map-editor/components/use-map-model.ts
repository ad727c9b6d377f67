import type { MapDocument } from '@ccms/contracts/content/map-editor';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from '../../../../shared/use-debounced';
import { MapModel } from '../model/map-model';
import { DITA_VOCABULARY, PM_VOCABULARY } from '../model/map-vocabulary';

/** Typing in the source view must pause this long before the tree follows. */
const SOURCE_SETTLE_MS = 400;
/** The most edits undo goes back. */
const HISTORY = 100;

/**
 * The map being edited: its model (mutable; `version` says it changed), the edits counted (a
 * save records the count it saved), undo, the selection, and the source view's text, which
 * follows the tree and which the tree follows once typing in it settles on a well-formed map.
 */
export function useMapModel(opened: MapDocument, readOnly: boolean) {
  // An S1000D library's document is a publication module: its pmEntry tree is edited.
  const isPm = opened.standard === 's1000d';
  const vocabulary = isPm ? PM_VOCABULARY : DITA_VOCABULARY;
  const parse = useCallback((text: string) => MapModel.parse(text, vocabulary), [vocabulary]);
  const model = useRef(MapModel.parse(opened.content, vocabulary));
  const [version, setVersion] = useState(0);
  // Edits counted at once (a save records the count it saved; the state follows on the next render).
  const counter = useRef(0);
  const [savedVersion, setSavedVersion] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [source, setSource] = useState({ text: opened.content, seq: 0 });
  const sourceText = useRef(opened.content);
  const history = useRef<string[]>([]);
  // A moved tree row loses the focus (the browser blurs a node taken out of the page): the keys stay with the tree.
  const treeKeys = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each edit's render
  useEffect(() => {
    const keys = treeKeys.current;
    if (!refocus.current || !keys) return;
    refocus.current = false;
    if (!keys.contains(document.activeElement)) keys.focus({ preventScroll: true });
  }, [version]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the model is mutable; `version` says it changed
  const tree = useMemo(() => model.current.tree(), [version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const relTables = useMemo(() => model.current.relTables(), [version]);

  /** After the tree changed: the source view shows the new text. */
  const changed = useCallback((reloadSource = true) => {
    counter.current += 1;
    setVersion(counter.current);
    if (reloadSource) {
      const text = model.current.toXml();
      sourceText.current = text;
      setSource((s) => ({ text, seq: s.seq + 1 }));
    }
  }, []);

  /** Runs one edit of the tree; an edit that changes nothing is not recorded. */
  const edit = useCallback(
    (op: (m: MapModel) => boolean | undefined | string) => {
      if (readOnly) return;
      const keys = treeKeys.current;
      refocus.current = !!keys && (keys.contains(document.activeElement) || document.activeElement === document.body);
      const before = model.current.toXml();
      const result = op(model.current);
      if (result === false) return;
      if (model.current.toXml() === before) return;
      history.current.push(before);
      if (history.current.length > HISTORY) history.current.shift();
      changed();
    },
    [readOnly, changed],
  );

  const undo = useCallback(() => {
    const previous = history.current.pop();
    if (previous === undefined) return;
    model.current = parse(previous);
    setSelected([]);
    changed();
  }, [changed, parse]);

  /** The map becomes `next` (a restored draft, a merged save, a resolved conflict). */
  const replace = useCallback(
    (next: MapModel) => {
      model.current = next;
      changed();
    },
    [changed],
  );

  // Typing in the source view: once it settles and is a well-formed map, the tree follows.
  const onSourceChange = useCallback((text: string) => {
    sourceText.current = text;
    setSourceEdits((n) => n + 1);
  }, []);
  const [sourceEdits, setSourceEdits] = useState(0);
  const settledEdits = useDebounced(sourceEdits, SOURCE_SETTLE_MS);
  useEffect(() => {
    if (settledEdits === 0) return;
    const text = sourceText.current;
    if (text === model.current.toXml()) return;
    const next = parse(text);
    if (next.errors.length > 0 || !next.isMap) return;
    history.current.push(model.current.toXml());
    model.current = next;
    setSelected([]);
    changed(false);
  }, [settledEdits, changed, parse]);

  return {
    isPm,
    model,
    parse,
    version,
    dirty: version !== savedVersion,
    /** The edits counted now. */
    current: () => counter.current,
    /** The edits up to `at` were saved. */
    savedAt: setSavedVersion,
    selected,
    setSelected,
    tree,
    relTables,
    /** What the source view loads (a new `seq` remounts it) and its text now. */
    source,
    sourceText,
    onSourceChange,
    edit,
    undo,
    canUndo: history.current.length > 0,
    replace,
    treeKeys,
  };
}

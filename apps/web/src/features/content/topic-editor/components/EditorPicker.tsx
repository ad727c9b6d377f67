import { memo, type RefObject, useMemo } from 'react';
import type { SourceViewHandle } from '../source/SourceView';
import { type ConrefFit, sourceConrefFit, visualConrefFit } from './conref-fit';
import type { EditorMode } from './EditorHead';
import { InsertPicker, isS1000dPicker, type PickerKind, type PickerScope } from './InsertPicker';
import type { Insertion } from './insertions';
import { S1000dPicker } from './S1000dPicker';
import type { VisualHandle } from './VisualView';

interface EditorPickerProps {
  /** The picker the toolbar opened, null when none is open. */
  picker: PickerKind | null;
  mode: EditorMode;
  visual: RefObject<VisualHandle | null>;
  source: RefObject<SourceViewHandle | null>;
  scope: PickerScope;
  /** The topic's text now. */
  readContent: () => string;
  onInsert: (insertion: Insertion) => void;
  onClose: () => void;
}

/** The picker the toolbar opened (a reference, an image, a key; S1000D's references, graphics, applicability). */
export const EditorPicker = memo(function EditorPicker({ picker, mode, visual, source, scope, readContent, onInsert, onClose }: EditorPickerProps) {
  // What a content reference may be at the cursor, asked as the conref picker opens (the cursor stays put while it is open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the picker opening is the trigger; mode and the views are read then
  const conrefFit = useMemo((): ConrefFit | undefined => {
    if (picker !== 'conref') return undefined;
    const e = mode === 'visual' ? visual.current?.editor() : null;
    if (e) return visualConrefFit(e);
    if (mode === 'source') return sourceConrefFit(source.current?.cursorPath().at(-1)?.name);
    return undefined;
  }, [picker]);
  return isS1000dPicker(picker) ? (
    <S1000dPicker kind={picker} scope={scope} readContent={readContent} onInsert={onInsert} onClose={onClose} />
  ) : (
    <InsertPicker kind={picker} scope={scope} onInsert={onInsert} onClose={onClose} conrefFit={conrefFit} />
  );
});

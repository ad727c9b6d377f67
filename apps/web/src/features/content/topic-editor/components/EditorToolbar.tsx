import {
  BoldOutlined,
  CodeOutlined,
  DownOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ContentStandardId } from '@ccms/contracts/content/standard';
import type { EditorProfileVocabulary } from '@ccms/contracts/content/topic-editor';
import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { redo, undo } from '@tiptap/pm/history';
import { Button, Divider, Dropdown, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATA2300_INSERTS } from '../model/ata2300-insert';
import type { WrapElement } from '../model/editor';
import { NOTE_TYPES } from '../model/elements';
import { profileInserts, profileMarks } from '../model/profile-vocabulary';
import { grammarAllows, insertableAt, insertMenuAt, S1000D_INSERTS } from '../model/s1000d-insert';
import type { DitaPickerKind, PickerKind, S1000dPickerKind } from './InsertPicker';

type Label = Exclude<keyof typeof import('../../../../i18n/zh/topic-editor').default.toolbar, 'noteType' | 'insert' | 'inline'>;

const STRUCTURE: Label[] = ['paragraph', 'section', 'fig', 'codeblock'];
const LISTS: { id: Label; icon?: ReactNode }[] = [
  { id: 'ul', icon: <UnorderedListOutlined /> },
  { id: 'ol', icon: <OrderedListOutlined /> },
  { id: 'sl' },
  { id: 'dl' },
];
const TABLES: Label[] = ['simpletable', 'table', 'addRowAfter', 'addColumnAfter', 'deleteRow', 'deleteColumn', 'mergeCells', 'splitCell', 'toggleHeaderRow'];
const TASK: Label[] = ['step', 'substeps', 'choices', 'info', 'stepresult'];
const INLINE_BUTTONS: { id: Label; icon: ReactNode }[] = [
  { id: 'bold', icon: <BoldOutlined /> },
  { id: 'italic', icon: <ItalicOutlined /> },
  { id: 'underline', icon: <UnderlineOutlined /> },
  { id: 'codeph', icon: <CodeOutlined /> },
];
const INLINE_MORE: Label[] = ['sup', 'sub', 'uicontrol', 'wintitle', 'filepath', 'term', 'keyword', 'ph'];
/** The pickers of an S1000D module. */
const S1000D_PICKERS: { kind: S1000dPickerKind; icon?: ReactNode }[] = [
  { kind: 'dmRef', icon: <LinkOutlined /> },
  { kind: 'internalRef' },
  { kind: 'graphic', icon: <PictureOutlined /> },
  // Applicability of the element at the cursor (one of the module's applics, or a new one from the ACT/CCT), and CIR items.
  { kind: 'applic' },
  { kind: 'cir' },
];
const S1000D_MARKS: { id: 'emphasis' | 'subScript' | 'superScript'; icon?: ReactNode }[] = [
  { id: 'emphasis', icon: <BoldOutlined /> },
  { id: 'subScript' },
  { id: 'superScript' },
];
const PICKERS: { kind: DitaPickerKind; icon?: ReactNode }[] = [
  { kind: 'xref', icon: <LinkOutlined /> },
  { kind: 'conref' },
  { kind: 'image', icon: <PictureOutlined /> },
  { kind: 'glossary' },
  { kind: 'variable' },
];

type Command = (chain: ChainedCommands) => ChainedCommands;
const wrap =
  (element: WrapElement): Command =>
  (c) =>
    c.wrapInline(element);

/** Each toolbar id as the model's command (model/editor.ts): a new step comes with its cmd, table commands keep the table's shape. */
const COMMANDS: Record<Exclude<Label, 'undo' | 'redo' | 'note'>, Command> = {
  paragraph: (c) => c.insertParagraph(),
  section: (c) => c.insertSection(),
  fig: (c) => c.insertFigure(),
  codeblock: (c) => c.insertCodeblock(),
  ul: (c) => c.insertList('ul'),
  ol: (c) => c.insertList('ol'),
  sl: (c) => c.insertList('sl'),
  dl: (c) => c.insertList('dl'),
  simpletable: (c) => c.insertSimpletable(2, 2),
  table: (c) => c.insertTable(2, 2, { header: true }),
  addRowAfter: (c) => c.addTableRow(),
  addColumnAfter: (c) => c.addTableColumn(),
  deleteRow: (c) => c.deleteTableRow(),
  deleteColumn: (c) => c.deleteTableColumn(),
  mergeCells: (c) => c.mergeTableCells(),
  splitCell: (c) => c.splitTableCell(),
  toggleHeaderRow: (c) => c.toggleTableHeaderRow(),
  step: (c) => c.insertStep(),
  substeps: (c) => c.insertSubsteps(),
  choices: (c) => c.insertChoices(),
  info: (c) => c.insertStepPart('info'),
  stepresult: (c) => c.insertStepPart('stepresult'),
  bold: wrap('b'),
  italic: wrap('i'),
  underline: wrap('u'),
  sup: wrap('sup'),
  sub: wrap('sub'),
  codeph: wrap('codeph'),
  uicontrol: wrap('uicontrol'),
  wintitle: wrap('wintitle'),
  filepath: wrap('filepath'),
  term: wrap('term'),
  keyword: wrap('keyword'),
  ph: wrap('ph'),
};

/** Runs a toolbar command at the cursor; false when it does not apply there. */
export function runToolbarCommand(editor: Editor, id: Label, arg?: string): boolean {
  if (id === 'undo') return undo(editor.state, editor.view.dispatch);
  if (id === 'redo') return redo(editor.state, editor.view.dispatch);
  if (id === 'note') return editor.chain().focus().insertNote(arg).run();
  return COMMANDS[id](editor.chain().focus()).run();
}

export interface EditorToolbarProps {
  mode: 'visual' | 'source';
  readOnly: boolean;
  /** The visual view's editor (null in the source view). */
  editor: () => Editor | null;
  onPick: (kind: PickerKind) => void;
  /** The library's content standard: an S1000D module gets its own insert menu, phrases and pickers. */
  standard?: ContentStandardId | undefined;
  /** An S1000D object's grammar from its installed XSD: the insert menu offers what its content models allow at the cursor. */
  grammar?: EditorGrammar | undefined;
  /** An XML profile's file: the insert menu lists the profile's blocks, lists, tables and their parts, the inline menu its phrases. */
  profile?: EditorProfileVocabulary | undefined;
}

/**
 * The visual view's commands for an S1000D module: undo/redo, the elements the schema allows at the
 * cursor (worked out when the menu opens; the others are listed disabled), and its phrases.
 */
function S1000dCommands({ editor, grammar, ata = false }: { editor: () => Editor | null; grammar?: EditorGrammar | undefined; ata?: boolean }) {
  const { t } = useTranslation('topic-editor');
  // An ATA Spec 2300 module: the same commands over its own entries (a checklist's lines, conditions, ...).
  const all: readonly string[] = ata ? ATA2300_INSERTS : S1000D_INSERTS;
  const [entries, setEntries] = useState<string[]>([...all]);
  const [offered, setOffered] = useState<string[]>([]);
  const allows = ata ? undefined : grammarAllows(grammar);
  const label = (name: string) => t(`${ata ? 'ata2300' : 's1000d'}.elements.${name}`, { defaultValue: name });
  const e = () => editor();
  return (
    <Space size={2} wrap>
      <Tooltip title={t('toolbar.undo')}>
        <Button size="small" type="text" icon={<UndoOutlined />} aria-label={t('toolbar.undo')} onClick={() => runToolbarCommand(e() as Editor, 'undo')} />
      </Tooltip>
      <Tooltip title={t('toolbar.redo')}>
        <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('toolbar.redo')} onClick={() => runToolbarCommand(e() as Editor, 'redo')} />
      </Tooltip>
      <Divider orientation="vertical" />
      <Dropdown
        trigger={['click']}
        onOpenChange={(open) => {
          const ed = e();
          if (!open || !ed) return;
          // The installed XSD's content model at the cursor (the table's entries until it answers).
          const listed = ata ? [...all] : insertMenuAt(grammar, ed.state.selection.$from, ed.schema);
          setEntries(listed);
          setOffered(insertableAt((name) => ed.can().insertElement(name, allows), listed));
        }}
        menu={{
          items: entries.map((name) => ({
            key: name,
            label: offered.includes(name) ? label(name) : `${label(name)} (${t('s1000d.notHere')})`,
            disabled: !offered.includes(name),
          })),
          onClick: ({ key }) => e()?.chain().focus().insertElement(key, allows).run(),
        }}
      >
        <Button size="small" type="text" data-testid={ata ? 'ata2300-insert-element' : 's1000d-insert-element'}>
          {t('s1000d.insertElement')} <DownOutlined />
        </Button>
      </Dropdown>
      <Divider orientation="vertical" />
      {S1000D_MARKS.map((m) => (
        <Tooltip key={m.id} title={t(`s1000d.${m.id}`)}>
          <Button size="small" type="text" icon={m.icon} aria-label={t(`s1000d.${m.id}`)} onClick={() => e()?.chain().focus().wrapInline(m.id).run()}>
            {m.icon ? null : m.id === 'subScript' ? 'x₂' : 'x²'}
          </Button>
        </Tooltip>
      ))}
      <Divider orientation="vertical" />
    </Space>
  );
}

/**
 * The visual view's commands for a file read by an XML profile: undo/redo, the profile's elements
 * (named as the profile names them; those the cursor's place cannot take are listed disabled) and
 * its inline elements, applied to the selected text.
 */
function ProfileCommands({ editor, profile }: { editor: () => Editor | null; profile: EditorProfileVocabulary }) {
  const { t } = useTranslation('topic-editor');
  const all = profileInserts(profile);
  const marks = profileMarks(profile);
  const [offered, setOffered] = useState<string[]>([]);
  const e = () => editor();
  return (
    <Space size={2} wrap>
      <Tooltip title={t('toolbar.undo')}>
        <Button size="small" type="text" icon={<UndoOutlined />} aria-label={t('toolbar.undo')} onClick={() => runToolbarCommand(e() as Editor, 'undo')} />
      </Tooltip>
      <Tooltip title={t('toolbar.redo')}>
        <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('toolbar.redo')} onClick={() => runToolbarCommand(e() as Editor, 'redo')} />
      </Tooltip>
      <Divider orientation="vertical" />
      <Dropdown
        trigger={['click']}
        onOpenChange={(open) => {
          const ed = e();
          if (open && ed) setOffered(insertableAt((name) => ed.can().insertElement(name), all));
        }}
        menu={{
          items: all.map((name) => ({
            key: name,
            label: offered.includes(name) ? name : `${name} (${t('s1000d.notHere')})`,
            disabled: !offered.includes(name),
          })),
          onClick: ({ key }) => e()?.chain().focus().insertElement(key).run(),
        }}
      >
        <Button size="small" type="text" data-testid="profile-insert-element">
          {t('s1000d.insertElement')} <DownOutlined />
        </Button>
      </Dropdown>
      {marks.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: marks.map((name) => ({ key: name, label: name })),
            onClick: ({ key }) =>
              e()
                ?.chain()
                .focus()
                .wrapInline(key as WrapElement)
                .run(),
          }}
        >
          <Button size="small" type="text" aria-label={t('toolbar.inline')} data-testid="profile-inline">
            {t('toolbar.inline')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <Divider orientation="vertical" />
    </Space>
  );
}

/** The editor's commands: structure, lists, notes, tables, task steps, inline styles (visual view), and the library pickers (both views). */
export function EditorToolbar({ mode, readOnly, editor, onPick, standard, grammar, profile }: EditorToolbarProps) {
  const { t } = useTranslation('topic-editor');
  const run = (id: Label, arg?: string) => {
    const e = editor();
    if (e) runToolbarCommand(e, id, arg);
  };
  const menu = (ids: Label[]) => ({
    items: ids.map((id) => ({ key: id, label: t(`toolbar.${id}`) })),
    onClick: ({ key }: { key: string }) => run(key as Label),
  });
  const visual = mode === 'visual' && !readOnly;
  const s1000d = standard === 's1000d';
  // ATA Spec 2300 has no pickers yet: references are written in the source view.
  const ata = standard === 'ata2300';
  const pickerItems = s1000d
    ? S1000D_PICKERS.map((p) => ({ key: p.kind, label: t(`s1000d.pickers.${p.kind}`), icon: p.icon }))
    : PICKERS.map((p) => ({ key: p.kind, label: t(`insert.${p.kind}`), icon: p.icon }));
  return (
    <div className="te-toolbar" data-testid="editor-toolbar">
      {visual && s1000d && <S1000dCommands editor={editor} grammar={grammar} />}
      {visual && ata && <S1000dCommands editor={editor} ata />}
      {visual && profile && <ProfileCommands editor={editor} profile={profile} />}
      {visual && !s1000d && !ata && !profile && (
        <Space size={2} wrap>
          <Tooltip title={t('toolbar.undo')}>
            <Button size="small" type="text" icon={<UndoOutlined />} aria-label={t('toolbar.undo')} onClick={() => run('undo')} />
          </Tooltip>
          <Tooltip title={t('toolbar.redo')}>
            <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('toolbar.redo')} onClick={() => run('redo')} />
          </Tooltip>
          <Divider orientation="vertical" />
          <Dropdown menu={menu(STRUCTURE)}>
            <Button size="small" type="text">
              {t('toolbar.section')} <DownOutlined />
            </Button>
          </Dropdown>
          {LISTS.map((l) => (
            <Tooltip key={l.id} title={t(`toolbar.${l.id}`)}>
              <Button size="small" type="text" icon={l.icon} aria-label={t(`toolbar.${l.id}`)} onClick={() => run(l.id)}>
                {l.icon ? null : l.id}
              </Button>
            </Tooltip>
          ))}
          <Dropdown menu={{ items: NOTE_TYPES.map((type) => ({ key: type, label: type })), onClick: ({ key }) => run('note', key) }}>
            <Button size="small" type="text" aria-label={t('toolbar.note')}>
              {t('toolbar.note')} <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown menu={menu(TABLES)}>
            <Button size="small" type="text" icon={<TableOutlined />} aria-label={t('toolbar.table')}>
              <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown menu={menu(TASK)}>
            <Button size="small" type="text" aria-label={t('toolbar.step')}>
              {t('toolbar.step')} <DownOutlined />
            </Button>
          </Dropdown>
          <Divider orientation="vertical" />
          {INLINE_BUTTONS.map((b) => (
            <Tooltip key={b.id} title={t(`toolbar.${b.id}`)}>
              <Button size="small" type="text" icon={b.icon} aria-label={t(`toolbar.${b.id}`)} onClick={() => run(b.id)} />
            </Tooltip>
          ))}
          <Dropdown menu={menu(INLINE_MORE)}>
            <Button size="small" type="text" aria-label={t('toolbar.inline')}>
              {t('toolbar.inline')} <DownOutlined />
            </Button>
          </Dropdown>
          <Divider orientation="vertical" />
        </Space>
      )}
      {/* The pickers write DITA or S1000D references: not a profile's (its references are written in the source view). */}
      {!readOnly && !ata && standard !== 'xmlprofile' && (
        <Dropdown
          // Opens on click, not hover: a hover menu closed under a still pointer whenever the toolbar moved (a draft's note appearing), and touch has no hover.
          trigger={['click']}
          menu={{
            items: pickerItems,
            onClick: ({ key }) => onPick(key as PickerKind),
          }}
        >
          <Button size="small" data-testid="editor-insert">
            {t('toolbar.insert')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </div>
  );
}

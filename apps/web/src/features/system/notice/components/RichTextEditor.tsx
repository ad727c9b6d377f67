import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type ClipboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankHtml, sanitizeHtml } from '../sanitize-html';
import '../notice.css';

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Accessible name of the editing area. */
  label?: string;
  minHeight?: number;
}

interface Action {
  key: string;
  icon: ReactNode;
  label: string;
  run: () => void;
}

/** Runs a formatting command on the selection (the browser's editing commands: enough for notices, no library). */
const format = (command: string, value?: string) => document.execCommand(command, false, value);

/**
 * A small rich text field for notices: bold, italic, underline, strikethrough, heading, lists,
 * clear. Content in and out is sanitized; pasting inserts plain text.
 */
export function RichTextEditor({ id, value, onChange, placeholder, label, minHeight = 200 }: RichTextEditorProps) {
  const { t } = useTranslation('notice');
  const area = useRef<HTMLDivElement>(null);
  /** What the editor last reported, so our own changes do not reset the caret. */
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const next = value ?? '';
    if (next === reported.current) return;
    el.innerHTML = sanitizeHtml(next);
    reported.current = next;
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const html = isBlankHtml(el.innerHTML) ? '' : sanitizeHtml(el.innerHTML);
    if (html === '' && el.innerHTML !== '') el.innerHTML = '';
    reported.current = html;
    onChange?.(html);
  };

  const act = (run: () => void) => () => {
    area.current?.focus();
    run();
    emit();
  };

  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    format('insertText', e.clipboardData.getData('text/plain'));
  };

  const actions: Action[] = [
    { key: 'bold', icon: <BoldOutlined />, label: t('editor.bold'), run: () => format('bold') },
    { key: 'italic', icon: <ItalicOutlined />, label: t('editor.italic'), run: () => format('italic') },
    { key: 'underline', icon: <UnderlineOutlined />, label: t('editor.underline'), run: () => format('underline') },
    { key: 'strike', icon: <StrikethroughOutlined />, label: t('editor.strike'), run: () => format('strikeThrough') },
    { key: 'heading', icon: <FontSizeOutlined />, label: t('editor.heading'), run: () => format('formatBlock', '<h3>') },
    { key: 'bullets', icon: <UnorderedListOutlined />, label: t('editor.bulletList'), run: () => format('insertUnorderedList') },
    { key: 'numbers', icon: <OrderedListOutlined />, label: t('editor.orderedList'), run: () => format('insertOrderedList') },
    {
      key: 'clear',
      icon: <ClearOutlined />,
      label: t('editor.clear'),
      run: () => {
        format('removeFormat');
        format('formatBlock', '<p>');
      },
    },
  ];

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={label}>
        {actions.map((a) => (
          <Tooltip key={a.key} title={a.label}>
            {/* mousedown would take the selection away from the editing area */}
            <Button type="text" size="small" icon={a.icon} aria-label={a.label} onMouseDown={(e) => e.preventDefault()} onClick={act(a.run)} />
          </Tooltip>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text area has no native element; role textbox with aria-multiline is the pattern */}
      <div
        id={id}
        ref={area}
        className="rte-content"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        data-placeholder={placeholder}
        style={{ minHeight }}
        onInput={emit}
        onBlur={emit}
        onPaste={paste}
      />
    </div>
  );
}

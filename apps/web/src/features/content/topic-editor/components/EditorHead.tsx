import { CodeOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { Button, Input, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorActionProps, slot } from '../../../../shared/slots/slots';
import { formatTime } from '../../shared/catalog-status';

export type EditorMode = 'visual' | 'source';

interface TitleProps {
  opened: EditorDocument;
  /** The topic's catalogue status. */
  status: ReactNode;
  dirty: boolean;
  /** When the last draft was kept. */
  draftAt: string | null;
  /** Who else has the topic open. */
  presence: ReactNode;
  /** The product or aircraft the preview shows the topic for (S1000D and flight-ops). */
  applicability: ReactNode;
}

/** The topic editor's title line: the topic, where it is, its status, whether all is saved, and who else is in it. */
export function EditorTitle({ opened, status, dirty, draftAt, presence, applicability }: TitleProps) {
  const { t } = useTranslation('topic-editor');
  return (
    <Space wrap>
      <Typography.Text strong data-testid="editor-title">
        {opened.title || opened.path}
      </Typography.Text>
      <Typography.Text type="secondary">
        {opened.branch} · {opened.path}
      </Typography.Text>
      {status}
      {dirty ? (
        <Tag color="orange" data-testid="editor-dirty">
          {t('unsaved')}
        </Tag>
      ) : (
        <Tag color="green">{t('allSaved')}</Tag>
      )}
      {draftAt && (
        <Typography.Text type="secondary" data-testid="draft-kept">
          {t('draftKept', { time: formatTime(draftAt) })}
        </Typography.Text>
      )}
      {presence}
      {applicability}
    </Space>
  );
}

interface ControlsProps {
  /** What the toolbar actions other areas add act on. */
  actionProps: EditorActionProps;
  mode: EditorMode;
  onMode: (mode: EditorMode) => void;
  /** The file has no visual view (a standard without a visual vocabulary yet). */
  sourceOnly: boolean;
  wrapSource: boolean;
  onWrapSource: (wrap: boolean) => void;
  readOnly: boolean;
  commitMessage: string;
  onCommitMessage: (text: string) => void;
  /** The topic's title, else its path: the server's default commit message names it. */
  title: string;
  saving: boolean;
  onSave: () => void;
}

/**
 * The topic editor's controls: the actions other areas add (an action the user may not take
 * renders nothing and leaves no gap), the visual/source switch, line wrapping of the source
 * view, and the commit message and save.
 */
export function EditorControls(props: ControlsProps) {
  const { actionProps, mode, onMode, sourceOnly, wrapSource, onWrapSource, readOnly, commitMessage, onCommitMessage, title, saving, onSave } = props;
  const { t } = useTranslation('topic-editor');
  return (
    <div className="te-controls">
      {slot('editorActions').map(({ key, Action }) => (
        <Suspense key={key} fallback={null}>
          <Action {...actionProps} />
        </Suspense>
      ))}
      <Segmented<EditorMode>
        value={mode}
        onChange={onMode}
        options={[
          { value: 'visual', label: t('visual'), icon: <EyeOutlined />, disabled: sourceOnly },
          { value: 'source', label: t('source'), icon: <CodeOutlined /> },
        ]}
        data-testid="editor-mode"
      />
      {mode === 'source' && (
        <Space size={4}>
          <Switch size="small" checked={wrapSource} onChange={onWrapSource} aria-label={t('wrapLines')} data-testid="editor-wrap" />
          <Typography.Text type="secondary">{t('wrapLines')}</Typography.Text>
        </Space>
      )}
      {!readOnly && (
        <>
          <Input
            style={{ width: 260 }}
            aria-label={t('commitMessage')}
            placeholder={t('defaultMessage', { title })}
            value={commitMessage}
            maxLength={2000}
            onChange={(e) => onCommitMessage(e.target.value)}
          />
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave} data-testid="editor-save">
            {t('save')}
          </Button>
        </>
      )}
    </div>
  );
}

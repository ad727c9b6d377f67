import type { MapPmRefRow, MapRef } from '@ccms/contracts/content/map-editor';
import type { EditorDmRefRow } from '@ccms/contracts/content/topic-editor-pickers';
import { Button, Descriptions, Empty, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeSearch } from '../../s1000d/components/CodeSearch';
import { topicEditorQueries } from '../../topic-editor/topic-editor-queries';
import { mapEditorQueries } from '../map-editor-queries';
import type { MapTreeNode } from '../model/map-tree';

/** What the PM editor adds: an entry (pmEntry with its title), a data module (dmRef) or a publication module (pmRef) found by code or title. */
export type PmAddKind = 'pmEntry' | 'dmRef' | 'pmRef';

/** "Add entry": a pmEntry with a pmEntryTitle (a title is required). */
function EntryForm({ onAdd }: { onAdd: (title: string) => void }) {
  const { t } = useTranslation('map-editor');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!title.trim()) {
      setError(t('pm.entryTitleRequired'));
      return;
    }
    onAdd(title.trim());
  };
  return (
    <Form layout="vertical" onFinish={submit}>
      <Form.Item label={t('pm.entryTitle')} validateStatus={error ? 'error' : ''} help={error || undefined}>
        <Input
          autoFocus
          value={title}
          maxLength={500}
          aria-label={t('pm.entryTitle')}
          data-testid="pm-entry-title"
          onChange={(e) => {
            setTitle(e.target.value);
            setError('');
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="pm-entry-ok">
        {t('add.ok')}
      </Button>
    </Form>
  );
}

/** "Add data module": the library's data modules by code or title (GET /ccms/topic-editor/dm-refs); a click adds it. */
function DmSearch({ libraryId, branch, onPick }: { libraryId: number; branch: string | undefined; onPick: (row: EditorDmRefRow) => void }) {
  const { t } = useTranslation('map-editor');
  return (
    <CodeSearch<EditorDmRefRow>
      query={(q) => topicEditorQueries.dmRefs({ libraryId, ...(branch ? { branch } : {}), q, limit: 30 })}
      placeholder={t('pm.dmSearch')}
      codeTitle="DMC"
      titleLabel={t('pm.title')}
      issueLabel={t('pm.issue')}
      onPick={onPick}
      testId="pm-dm-search"
      rowTestId="pm-dm-row"
    />
  );
}

/** "Add publication module": the library's PMs by code or title (GET /ccms/map-editor/pm-refs); a click adds it. */
function PmSearch({ libraryId, branch, onPick }: { libraryId: number; branch: string | undefined; onPick: (row: MapPmRefRow) => void }) {
  const { t } = useTranslation('map-editor');
  return (
    <CodeSearch<MapPmRefRow>
      query={(q) => mapEditorQueries.pmRefs({ libraryId, ...(branch ? { branch } : {}), q, limit: 30 })}
      placeholder={t('pm.pmSearch')}
      codeTitle="PMC"
      titleLabel={t('pm.title')}
      issueLabel={t('pm.issue')}
      onPick={onPick}
      testId="pm-pm-search"
      rowTestId="pm-pm-row"
    />
  );
}

const DIALOG_TITLE = { pmEntry: 'pm.addEntry', dmRef: 'pm.addDm', pmRef: 'pm.addPm' } as const;

/** The PM editor's add dialog. */
export function PmAddDialog({
  kind,
  libraryId,
  branch,
  onEntry,
  onDm,
  onPm,
  onClose,
}: {
  kind: PmAddKind | null;
  libraryId: number;
  branch: string | undefined;
  onEntry: (title: string) => void;
  onDm: (row: EditorDmRefRow) => void;
  onPm: (row: MapPmRefRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map-editor');
  return (
    <Modal
      open={kind !== null}
      title={kind ? t(DIALOG_TITLE[kind]) : ''}
      footer={null}
      width={kind === 'pmEntry' ? 480 : 760}
      destroyOnHidden
      onCancel={onClose}
    >
      {kind === 'pmEntry' && <EntryForm onAdd={onEntry} />}
      {kind === 'dmRef' && <DmSearch libraryId={libraryId} branch={branch} onPick={onDm} />}
      {kind === 'pmRef' && <PmSearch libraryId={libraryId} branch={branch} onPick={onPm} />}
    </Modal>
  );
}

/** The selected node of a PM: a pmEntry's title is edited here; a dmRef or pmRef shows its code and what the catalogue knows of it. */
export function PmNodePanel({
  node,
  refInfo,
  readOnly,
  onTitle,
}: {
  node: MapTreeNode | null;
  refInfo: MapRef | undefined;
  readOnly: boolean;
  onTitle: (title: string) => void;
}) {
  const { t } = useTranslation('map-editor');
  const [title, setTitle] = useState(node?.navtitle ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: another node, or its title changed by an edit, resets the field
  useEffect(() => setTitle(node?.navtitle ?? ''), [node?.id, node?.navtitle]);
  if (!node) return <Empty description={t('attrs.none')} />;
  if (node.name === 'pmEntry')
    return (
      <Form layout="vertical" onFinish={() => onTitle(title.trim())}>
        <Form.Item label={t('pm.entryTitle')}>
          <Input
            value={title}
            disabled={readOnly}
            maxLength={500}
            aria-label={t('pm.entryTitle')}
            data-testid="pm-node-title"
            onChange={(e) => setTitle(e.target.value)}
          />
        </Form.Item>
        {!readOnly && (
          <Button type="primary" htmlType="submit" disabled={title.trim() === node.navtitle} data-testid="pm-node-apply">
            {t('attrs.apply')}
          </Button>
        )}
      </Form>
    );
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('attrs.element')}>{node.name}</Descriptions.Item>
      <Descriptions.Item label={t('pm.code')}>
        <Typography.Text copyable data-testid="pm-node-code">
          {node.href}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('pm.catalogTitle')}>
        {refInfo && !refInfo.broken ? refInfo.title : <Typography.Text type="danger">{t('pm.notInCatalog')}</Typography.Text>}
      </Descriptions.Item>
      {refInfo?.path && <Descriptions.Item label={t('pm.file')}>{refInfo.path}</Descriptions.Item>}
      {node.navtitle && <Descriptions.Item label={t('pm.title')}>{node.navtitle}</Descriptions.Item>}
    </Descriptions>
  );
}

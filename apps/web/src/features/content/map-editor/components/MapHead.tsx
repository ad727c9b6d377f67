import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CodeOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { MapDocument } from '@ccms/contracts/content/map-editor';
import { Button, Dropdown, Input, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/catalog-status';
import { StatusTag } from '../../shared/StatusTag';
import { PresenceBar } from '../../topic-editor/components/PresenceBar';
import type { Target } from '../../topic-editor/topic-editor-api';
import type { AddKind } from './AddDialog';
import { MapPublish } from './MapPublish';
import type { PmAddKind } from './PmPanels';

interface HeadProps {
  target: Target;
  opened: MapDocument;
  readOnly: boolean;
  dirty: boolean;
  /** When the last draft was kept. */
  draftAt: string | null;
  showSource: boolean;
  onShowSource: (show: boolean) => void;
  commitMessage: string;
  onCommitMessage: (text: string) => void;
  saving: boolean;
  onSave: () => void;
}

/** The map editor's head: the map, where it is, its status, whether all is saved, who else is in it; the source switch, publishing, the commit message and save. */
export function MapHead({ target, opened, readOnly, dirty, draftAt, showSource, onShowSource, commitMessage, onCommitMessage, saving, onSave }: HeadProps) {
  const { t } = useTranslation('map-editor');
  return (
    <div className="me-head">
      <Space wrap>
        <Typography.Text strong data-testid="map-title">
          {opened.title || opened.path}
        </Typography.Text>
        <Tag>{opened.rootName}</Tag>
        <Typography.Text type="secondary">
          {opened.branch} · {opened.path}
        </Typography.Text>
        <StatusTag status={opened.status} />
        {dirty ? (
          <Tag color="orange" data-testid="map-dirty">
            {t('unsaved')}
          </Tag>
        ) : (
          <Tag color="green" data-testid="map-clean">
            {t('allSaved')}
          </Tag>
        )}
        {draftAt && <Typography.Text type="secondary">{t('draftKept', { time: formatTime(draftAt) })}</Typography.Text>}
        <PresenceBar target={target} ticket={opened.ticket} />
      </Space>
      <Space wrap>
        <Space>
          <CodeOutlined />
          <Switch checked={showSource} onChange={onShowSource} aria-label={t('source')} data-testid="toggle-source" />
          {t('source')}
        </Space>
        <MapPublish libraryId={target.libraryId} branch={opened.branch} path={opened.path} dirty={dirty} />
        {!readOnly && (
          <>
            <Input
              style={{ width: 240 }}
              aria-label={t('commitMessage')}
              placeholder={t('commitMessage')}
              value={commitMessage}
              maxLength={2000}
              onChange={(e) => onCommitMessage(e.target.value)}
            />
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave} data-testid="map-save">
              {t('save')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}

interface ToolbarProps {
  isPm: boolean;
  isBookmap: boolean;
  /** Nothing is selected (the moves are off). */
  none: boolean;
  /** A data module or publication module reference can go into the one selected node. */
  canAddRef: boolean;
  /** Deleting topic files is offered (a DITA map the user may delete files of). */
  canDelete: boolean;
  /** The one selected node references a file. */
  hasFile: boolean;
  canUndo: boolean;
  onAdd: (kind: AddKind) => void;
  onPmAdd: (kind: PmAddKind) => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onIndent: () => void;
  onOutdent: () => void;
  onRemove: () => void;
  onDeleteFile: () => void;
  onUndo: () => void;
}

/** The tree's toolbar: add, the moves with their keys, remove, delete the file, undo. */
export function MapToolbar(props: ToolbarProps) {
  const { isPm, isBookmap, none, canAddRef, canDelete, hasFile, canUndo } = props;
  const { t } = useTranslation('map-editor');
  const pmAddItems = [
    { key: 'pmEntry', label: t('pm.addEntry') },
    { key: 'dmRef', label: t('pm.addDm'), disabled: !canAddRef },
    { key: 'pmRef', label: t('pm.addPm'), disabled: !canAddRef },
  ];
  const addItems = [
    { key: 'ref', label: t('add.ref') },
    { key: 'new', label: t('add.new') },
    { key: 'head', label: isBookmap ? t('add.part') : t('add.head') },
    { key: 'mapref', label: t('add.mapref') },
    { key: 'keydef', label: t('add.keydef') },
  ];
  return (
    <Space wrap className="me-toolbar">
      <Dropdown
        trigger={['click']}
        menu={
          isPm
            ? { items: pmAddItems, onClick: ({ key }) => props.onPmAdd(key as PmAddKind) }
            : { items: addItems, onClick: ({ key }) => props.onAdd(key as AddKind) }
        }
      >
        <Button type="primary" icon={<PlusOutlined />} data-testid="map-add">
          {t('add.button')}
        </Button>
      </Dropdown>
      <Tooltip title="Alt+↑">
        <Button icon={<ArrowUpOutlined />} disabled={none} onClick={props.onMoveUp} aria-label={t('moveUp')} />
      </Tooltip>
      <Tooltip title="Alt+↓">
        <Button icon={<ArrowDownOutlined />} disabled={none} onClick={props.onMoveDown} aria-label={t('moveDown')} />
      </Tooltip>
      <Tooltip title="Shift+Tab / Alt+←">
        <Button icon={<ArrowLeftOutlined />} disabled={none} onClick={props.onOutdent} aria-label={t('outdent')} />
      </Tooltip>
      <Tooltip title="Tab / Alt+→">
        <Button icon={<ArrowRightOutlined />} disabled={none} onClick={props.onIndent} aria-label={t('indent')} />
      </Tooltip>
      <Tooltip title="Delete">
        <Button icon={<DeleteOutlined />} disabled={none} onClick={props.onRemove} data-testid="map-remove">
          {t('removeRef')}
        </Button>
      </Tooltip>
      {canDelete && (
        <Button danger disabled={!hasFile} onClick={props.onDeleteFile} data-testid="map-delete-file">
          {t('deleteFile.button')}
        </Button>
      )}
      <Tooltip title="Ctrl+Z">
        <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={props.onUndo} aria-label={t('undo')} />
      </Tooltip>
    </Space>
  );
}

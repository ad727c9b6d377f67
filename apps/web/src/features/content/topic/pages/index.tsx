import type { ContentStandardId } from '@ccms/contracts/content/standard';
import { TOPIC_STATUSES, TopicStatus } from '@ccms/contracts/content/status';
import { TopicPerm, type TopicRow } from '@ccms/contracts/content/topic';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { standardById } from '../../../../shared/content-standard';
import type { ListColumn } from '../../../../shared/list/ListPage';
import { useSetTopicStatus } from '../../catalog/catalog-queries';
import { CatalogList } from '../../document/components/CatalogList';
import { NewModuleButton } from '../../s1000d/components/NewModuleButton';
import { factText, S1000D_SCHEMAS } from '../../s1000d/s1000d-facts';
import { topicDetailPath } from '../../shared/paths';
import { useLibraryScope } from '../../shared/use-library-scope';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { NewTopicButton } from '../../topic-editor/components/NewTopicButton';
import type { TopicFilters } from '../topic-api';
import { topicQueries } from '../topic-queries';

const DOC_TYPES = ['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting'];

/** What "new" offers in the library's standard (the registry says): a topic from its type, or a data module from the DMC builder. */
const NEW_UNIT = { topic: NewTopicButton, dataModule: NewModuleButton, none: () => null } as const;
function NewUnit({ libraryId, branch, standard }: { libraryId: number; branch?: string | undefined; standard: ContentStandardId }) {
  const Button = NEW_UNIT[standardById(standard).newUnit];
  return <Button libraryId={libraryId} branch={branch} />;
}

/** Topics (menu component ccms/topic/index): the topic files of the current library's branch; in an S1000D library its data modules. */
export default function TopicListPage() {
  const { t } = useTranslation('topic');
  const { t: ts } = useTranslation('s1000d');
  const navigate = useNavigate();
  const scope = useLibraryScope({ fallback: 'only' });
  const setStatus = useSetTopicStatus();
  const open = (row: TopicRow) => navigate(topicDetailPath(row.topicId));
  const s1000d = scope.standard === 's1000d';

  const titleColumn: ListColumn<TopicRow> = {
    key: 'title',
    dataIndex: 'title',
    title: t('title'),
    sorter: true,
    render: (v: string, row) => (
      <Typography.Link onClick={() => open(row)} data-testid="topic-link">
        {v || row.path}
      </Typography.Link>
    ),
  };
  const placeColumns: ListColumn<TopicRow>[] = [
    { key: 'folder', dataIndex: 'folder', title: t('folder'), ellipsis: true, defaultHidden: true },
    { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true, defaultHidden: true },
    { key: 'language', dataIndex: 'language', title: t('language'), width: 90, defaultHidden: true },
  ];
  // A data module: its code, issue, schema, info code and the facts of its status section.
  const fact = (key: 'applic' | 'issueType' | 'qualityAssurance') => (_: unknown, row: TopicRow) => factText(ts, key, row.facts[key]);
  const before: ListColumn<TopicRow>[] = s1000d
    ? [
        { key: 'no', dataIndex: 'no', title: ts('columns.dmc'), sorter: true, ellipsis: true },
        titleColumn,
        { key: 'revision', dataIndex: 'revision', title: ts('columns.issue'), width: 90 },
        { key: 'docType', dataIndex: 'docType', title: ts('columns.schema'), width: 120, sorter: true },
        { key: 'code', dataIndex: 'code', title: ts('columns.infoCode'), width: 100, sorter: true },
        { key: 'applic', title: ts('columns.applic'), ellipsis: true, render: fact('applic') },
        { key: 'issueType', title: ts('columns.issueType'), width: 110, render: fact('issueType') },
        { key: 'qualityAssurance', title: ts('columns.qualityAssurance'), width: 130, render: fact('qualityAssurance') },
        ...placeColumns,
      ]
    : [
        { key: 'no', dataIndex: 'no', title: t('no'), sorter: true, ellipsis: true },
        titleColumn,
        { key: 'code', dataIndex: 'code', title: t('code'), sorter: true },
        { key: 'revision', dataIndex: 'revision', title: t('revision'), width: 100 },
        { key: 'docType', dataIndex: 'docType', title: t('docType'), width: 110, sorter: true },
        { key: 'manualType', dataIndex: 'manualType', title: t('manualType'), defaultHidden: true },
        ...placeColumns,
      ];
  const docTypes: readonly string[] = s1000d ? S1000D_SCHEMAS : DOC_TYPES;

  return (
    <CatalogList<TopicRow, TopicFilters>
      kind="topic"
      scope={scope}
      rowKey="topicId"
      listQuery={(q) => topicQueries.list(q)}
      statuses={TOPIC_STATUSES}
      editPerm={TopicPerm.edit}
      titleOf={(row) => row.title || row.path}
      onOpen={open}
      rowActions={(row) => <EditTopicButton libraryId={row.libraryId} branch={row.branch} path={row.path} />}
      // New topics come from DITA templates: an S1000D library has none to offer.
      header={scope.libraryId !== undefined && <NewUnit libraryId={scope.libraryId} branch={scope.branch} standard={scope.standard} />}
      setStatus={(row, v) => setStatus.mutateAsync({ topicId: row.topicId, status: TopicStatus.parse(v.status), comment: v.comment })}
      columns={{ before, after: [{ key: 'refs', dataIndex: 'refs', title: t('refs'), width: 80 }] }}
      searchFields={{
        before: (
          <>
            <Form.Item name="title" label={t('title')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="code" label={s1000d ? ts('columns.infoCode') : t('code')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
          </>
        ),
        after: (
          <>
            <Form.Item name="folder" label={t('folder')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="docType" label={s1000d ? ts('columns.schema') : t('docType')}>
              <Select
                allowClear
                showSearch
                style={{ width: 180 }}
                placeholder={s1000d ? ts('columns.schema') : t('docType')}
                options={docTypes.map((v) => ({ value: v, label: v }))}
                data-testid="topic-doctype-filter"
              />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}

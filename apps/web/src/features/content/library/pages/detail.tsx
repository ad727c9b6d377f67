import { CloudSyncOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { App, Button, Card, Descriptions, Empty, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { Explorer } from '../../explorer/components/Explorer';
import { DataPropertyTab } from '../components/DataPropertyTab';
import { GrantsTab } from '../components/GrantsTab';
import { type ScmState, ScmStatus } from '../components/LibraryFormDialog';
import { LibraryProgressBar } from '../components/LibraryProgressBar';
import { PublishConfigTab, PublishPathTab } from '../components/PublishTabs';
import { SettingsTab } from '../components/SettingsTab';
import { type LibraryRow, libraryApi } from '../library-api';
import { useFetchLibrary, useLibrary } from '../library-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

function PropertiesTab({ library }: { library: LibraryRow }) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [scm, setScm] = useState<ScmState>({ state: 'idle' });
  const fetchLibrary = useFetchLibrary(library.libraryId);
  const fetchNow = () =>
    fetchLibrary.mutate(undefined, {
      onSuccess: (r) => {
        if (r.state === 'success') message.success(t('fetched'));
        else message.warning(r.message);
      },
    });
  const validate = async () => {
    setScm({ state: 'validating' });
    try {
      const r = await libraryApi.validateSaved(library.libraryId);
      setScm(r.state === 'success' ? { state: 'success', result: r } : { state: 'failure', reason: r.message });
    } catch (err) {
      setScm({ state: 'failure', reason: err instanceof Error ? err.message : String(err) });
    }
  };
  const c = library.credential;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('name')}>
          {library.name}
          <LibraryProgressBar libraryId={library.libraryId} />
        </Descriptions.Item>
        <Descriptions.Item label={t('displayText')}>{library.displayText}</Descriptions.Item>
        <Descriptions.Item label={t('libraryType')}>
          <Tag>{library.libraryType}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <DictTag options={statuses} value={library.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('dept')}>{library.deptName}</Descriptions.Item>
        <Descriptions.Item label={t('myLevel')}>{library.myLevel ? t(`levels.${library.myLevel}`) : ''}</Descriptions.Item>
        <Descriptions.Item label={t('url')} span={2}>
          <Typography.Text copyable>{library.url}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('scmType')}>{library.scmType}</Descriptions.Item>
        <Descriptions.Item label={t('defaultBranch')}>{library.defaultBranch}</Descriptions.Item>
        <Descriptions.Item label={t('credential')} span={2}>
          {c.username ? `${c.type} · ${c.name || '-'} · ${c.username} · ${c.password}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('lastFetch')}>
          {time(library.lastFetchTime) || t('never')}
          {library.lastFetchError && <Typography.Text type="warning"> ({library.lastFetchError})</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('createBy')}>
          {library.createBy} {time(library.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('remark')} span={2}>
          {library.remark}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button icon={<CloudSyncOutlined />} loading={fetchLibrary.isPending} onClick={fetchNow}>
          {t('fetchNow')}
        </Button>
        <HasPermi value={[LibraryPerm.query]}>
          <Button icon={<SafetyCertificateOutlined />} loading={scm.state === 'validating'} onClick={validate}>
            {t('validate')}
          </Button>
        </HasPermi>
        <ScmStatus scm={scm} />
      </Space>
    </Space>
  );
}

/** A library's detail (/ccms/library-detail/index?id=...): the spec's eight tabs. */
export default function LibraryDetailPage() {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const library = useLibrary(id, valid);
  const tab = params.get('tab') ?? 'properties';

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  if (library.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const data = library.data;
  if (!data) return <Empty />;
  const canConfigure = data.abilities.configure;

  return (
    <Card variant="borderless" title={data.displayText || data.name}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'properties', label: t('tabs.properties'), children: <PropertiesTab library={data} /> },
          { key: 'dataProperty', label: t('tabs.dataProperty'), children: <DataPropertyTab libraryId={id} canConfigure={canConfigure} /> },
          { key: 'permission', label: t('tabs.permission'), children: <GrantsTab libraryId={id} abilities={data.abilities} /> },
          { key: 'variable', label: t('tabs.variable'), children: <SettingsTab libraryId={id} kind="variable" canConfigure={canConfigure} /> },
          {
            key: 'filter',
            label: t('tabs.filter'),
            children: <SettingsTab libraryId={id} kind="filter" canConfigure={canConfigure} s1000d={data.libraryType === 'S1000D'} />,
          },
          { key: 'publishConfig', label: t('tabs.publishConfig'), children: <PublishConfigTab libraryId={id} canConfigure={canConfigure} /> },
          { key: 'publishPath', label: t('tabs.publishPath'), children: <PublishPathTab libraryId={id} /> },
          { key: 'content', label: t('tabs.content'), children: <Explorer libraryId={id} /> },
        ]}
      />
    </Card>
  );
}

import { CheckOutlined, LockOutlined, SendOutlined } from '@ant-design/icons';
import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { FreezeBody, type FrozenList } from '@ccms/contracts/content/flightops';
import { PublicationApi } from '@ccms/contracts/publish/publication';
import { Alert, Button, Card, Drawer, Empty, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../api/client';
import { zodRules } from '../../../../shared/form/zod-rules';
import { slot } from '../../../../shared/slots/slots';
import { useApprovePsl, useEffective, useFleet, useFreeze, useFrozen } from '../flightops-queries';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** An aircraft of the fleet to choose: MSN and registration. */
function AircraftSelect({ scope, value, onChange, testId }: { scope: CatalogScope; value: string | undefined; onChange: (v: string) => void; testId: string }) {
  const { t } = useTranslation('flightops');
  const fleet = useFleet(scope, true);
  return (
    <Select
      data-testid={testId}
      style={{ width: 240 }}
      placeholder={t('aircraft')}
      loading={fleet.isLoading}
      value={value}
      onChange={onChange}
      options={(fleet.data?.aircraft ?? []).map((a) => ({ value: a.msn, label: `MSN ${a.msn} · ${a.registration}` }))}
    />
  );
}

/** The effectivity filter: the DUs with a solution effective for the chosen aircraft, each solution marked. */
function EffectivityTab({ scope }: { scope: CatalogScope }) {
  const { t } = useTranslation('flightops');
  const [aircraft, setAircraft] = useState<string>();
  const effective = useEffective(aircraft ? { ...scope, aircraft } : null);
  const data = effective.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <AircraftSelect scope={scope} value={aircraft} onChange={setAircraft} testId="flightops-aircraft" />
        {data && (
          <Typography.Text data-testid="flightops-effective-count">
            {t('effectiveCount', { effective: data.effective.length, notEffective: data.notEffective.length })}
          </Typography.Text>
        )}
      </Space>
      {effective.error && <Alert type="error" showIcon message={errorText(effective.error)} />}
      <Table
        size="small"
        rowKey="path"
        loading={effective.isFetching}
        dataSource={data?.effective ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: t('du'), dataIndex: 'id', width: 130 },
          { title: t('duTitle'), dataIndex: 'title' },
          { title: t('duType'), dataIndex: 'type', width: 120, render: (v: string) => t(`types.${v}`, { defaultValue: v }) },
          {
            title: t('solutions'),
            dataIndex: 'solutions',
            render: (solutions: { id: string; effectivity: string; effective: boolean }[]) =>
              solutions.map((s) => (
                <Tag key={s.id} color={s.effective ? 'green' : undefined} title={s.effectivity}>
                  {s.id} · {s.effectivity}
                </Tag>
              )),
          },
        ]}
      />
    </Space>
  );
}

/** A PSL of a frozen revision: its review status; a reviewer approves it; approved, it is dispatched for an aircraft. */
function FrozenPsl({ scope, branch, doc }: { scope: CatalogScope; branch: string; doc: FrozenList['revisions'][number]['documents'][number] }) {
  const { t } = useTranslation('flightops');
  const { t: td } = useTranslation('document');
  const approval = useApprovePsl();
  const [aircraft, setAircraft] = useState<string>();
  const [publicationId, setPublicationId] = useState<number | null>(null);
  // The publish area's dialog (the publish slot).
  const Publish = slot('publish')?.Dialog;
  const [error, setError] = useState<string | null>(null);
  const approved = ['approved', 'published', 'distributed'].includes(doc.status);
  const approve = async () => {
    setError(null);
    try {
      await approval.mutateAsync(doc.documentId);
    } catch (err) {
      setError(errorText(err));
    }
  };
  // The dispatch is a publication of the frozen branch's PSL for the aircraft (the server refuses it before the approval).
  const dispatch = async () => {
    setError(null);
    try {
      const name = `${doc.name || doc.path} ${branch.slice(branch.indexOf('/') + 1)} ${aircraft ?? ''}`.trim();
      const res = await api.call(
        PublicationApi.add,
        { body: { libraryId: scope.libraryId, name: name.slice(0, 100), branch, ditaMap: doc.path, ditaVal: aircraft ?? '' } },
        { silent: true, repeatSubmit: false },
      );
      setPublicationId(res.data.publicationId);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`frozen-psl-${doc.path}`}>
      <Space wrap>
        <Typography.Text strong>{doc.name || doc.path}</Typography.Text>
        <Typography.Text code>{doc.path}</Typography.Text>
        <Tag color={approved ? 'green' : 'gold'} data-testid="frozen-status">
          {td(`statuses.${doc.status}`, { defaultValue: doc.status })}
        </Tag>
        {!approved && (
          <Button size="small" icon={<CheckOutlined />} onClick={approve} loading={approval.isPending} data-testid="flightops-approve">
            {t('approve')}
          </Button>
        )}
      </Space>
      <Space wrap>
        <AircraftSelect scope={{ libraryId: scope.libraryId, branch }} value={aircraft} onChange={setAircraft} testId="flightops-dispatch-aircraft" />
        <Button type="primary" icon={<SendOutlined />} disabled={!approved} onClick={dispatch} data-testid="flightops-dispatch">
          {t('dispatch')}
        </Button>
        {!approved && <Typography.Text type="secondary">{t('dispatchAfterReview')}</Typography.Text>}
      </Space>
      {error && <Alert type="error" showIcon message={error} data-testid="flightops-error" />}
      {publicationId !== null && Publish && (
        <Suspense fallback={null}>
          <Publish open libraryId={scope.libraryId} target={{ publicationId }} onClose={() => setPublicationId(null)} />
        </Suspense>
      )}
    </Space>
  );
}

/** Freeze a working copy (tag freeze/<name> with branch frozen/<name> at its commit, its PSLs and DUs under review) and the frozen revisions with their dispatch. */
function FreezeTab({ scope, branch }: { scope: CatalogScope; branch: string }) {
  const { t } = useTranslation('flightops');
  const [form] = Form.useForm<{ branch: string; name: string }>();
  const freeze = useFreeze();
  const frozen = useFrozen(scope.libraryId, true);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: { branch: string; name: string }) => {
    setError(null);
    try {
      await freeze.mutateAsync({ libraryId: scope.libraryId, ...values });
      form.resetFields(['name']);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const revisions = frozen.data?.revisions ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('freezeIntro')}</Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ branch, name: '' }} onFinish={submit}>
        <Form.Item name="branch" label={t('freezeBranch')} rules={zodRules(FreezeBody, 'branch', t('freezeBranch'))}>
          <Input style={{ width: 200 }} data-testid="flightops-freeze-branch" />
        </Form.Item>
        <Form.Item name="name" label={t('freezeName')} rules={zodRules(FreezeBody, 'name', t('freezeName'))}>
          <Input style={{ width: 160 }} placeholder="2026-10" data-testid="flightops-freeze-name" />
        </Form.Item>
        <Button htmlType="submit" icon={<LockOutlined />} loading={freeze.isPending} data-testid="flightops-freeze">
          {t('freeze')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="flightops-freeze-error" />}
      {revisions.length === 0 ? (
        <Empty description={t('noFrozen')} />
      ) : (
        revisions.map((r) => (
          <Card
            key={r.branch}
            size="small"
            title={`${t('frozenRevision')} ${r.name}`}
            extra={
              <Space size={4} data-testid="frozen-tag">
                <Tag icon={<LockOutlined />}>{t('frozenTag', { tag: r.tag })}</Tag>
                <Typography.Text code>{r.branch}</Typography.Text>
                <Typography.Text type="secondary">{t('frozenAt', { commit: r.commit.slice(0, 12) })}</Typography.Text>
              </Space>
            }
          >
            {r.documents.map((d) => (
              <FrozenPsl key={d.path} scope={scope} branch={r.branch} doc={d} />
            ))}
          </Card>
        ))
      )}
    </Space>
  );
}

/** The flight-operations screen of a library: the effectivity filter by aircraft, and freeze → review → dispatch. */
export function FlightopsDrawer({ scope, branch, open, onClose }: { scope: CatalogScope; branch: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('flightops');
  return (
    <Drawer open={open} onClose={onClose} width={900} title={t('drawerTitle')} destroyOnHidden>
      <Tabs
        items={[
          { key: 'effectivity', label: t('effectivity'), children: <EffectivityTab scope={scope} /> },
          { key: 'freeze', label: t('freezeTab'), children: <FreezeTab scope={scope} branch={branch} /> },
        ]}
      />
    </Drawer>
  );
}

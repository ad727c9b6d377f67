import { FileExcelOutlined, FilePdfOutlined, LockOutlined } from '@ant-design/icons';
import { ComplianceReportPerm, type MatrixRow, VERDICTS, type Verdict } from '@ccms/contracts/compliance/compliance-report';
import { Alert, App, Button, Descriptions, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { reportApi } from '../report-api';
import { useFreezeReport, useMatrix, useReport } from '../report-queries';

const CoverageChart = lazy(() => import('./CoverageChart'));
const VERDICT_COLORS: Record<Verdict, string> = { covered: 'green', partial: 'orange', notCovered: 'red', notApplicable: 'default' };

/** One report: totals, the coverage chart and the matrix (a page at a time), with Excel, PDF and freeze. */
export function ReportView({ reportId }: { reportId: number }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 50 });
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const report = useReport(reportId);
  const matrix = useMatrix(reportId, { ...page, verdict });
  const freeze = useFreezeReport();
  const labels = useMemo(() => Object.fromEntries(VERDICTS.map((v) => [v, t(`report.verdicts.${v}`)])) as Record<Verdict, string>, [t]);
  const r = report.data;
  const m = matrix.data;
  if (!r || !m) return <Spin style={{ display: 'block', margin: '60px auto' }} />;

  return (
    <>
      <Space align="start" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Descriptions
          column={2}
          size="small"
          style={{ maxWidth: 640 }}
          items={[
            { key: 'reg', label: t('report.regulation'), children: `${r.regulationName} ${r.regulationRevision}` },
            { key: 'scope', label: t('report.scope'), children: `${t(`report.scopes.${r.scopeType}`)}: ${r.scopeLabel}` },
            {
              key: 'state',
              label: t('report.status'),
              children: r.frozen ? <Tag icon={<LockOutlined />}>{t('report.frozen')}</Tag> : <Tag color="blue">{t('report.live')}</Tag>,
            },
            { key: 'clauses', label: t('report.clauses'), children: m.totals.clauses },
            ...VERDICTS.map((v) => ({ key: v, label: labels[v], children: <span data-testid={`total-${v}`}>{m.totals[v]}</span> })),
            { key: 'links', label: t('report.links'), children: m.totals.links },
            { key: 'coverage', label: t('report.coverage'), children: <span data-testid="coverage">{m.totals.coverage}%</span> },
          ]}
        />
        <Suspense fallback={null}>
          <CoverageChart totals={m.totals} labels={labels} coverageLabel={t('report.coverage')} />
        </Suspense>
      </Space>
      {m.commitNote && <Alert type="info" showIcon message={t('report.commitNote')} style={{ margin: '8px 0' }} />}
      <Space wrap style={{ margin: '12px 0' }}>
        <Select
          allowClear
          placeholder={t('report.verdict')}
          style={{ width: 160 }}
          value={verdict}
          onChange={setVerdict}
          options={VERDICTS.map((v) => ({ value: v, label: labels[v] }))}
        />
        <HasPermi value={[ComplianceReportPerm.export]}>
          <Button icon={<FileExcelOutlined />} onClick={() => reportApi.exportExcel(r)}>
            {t('report.exportExcel')}
          </Button>
          <Button icon={<FilePdfOutlined />} onClick={() => reportApi.exportPdf(r)}>
            {t('report.exportPdf')}
          </Button>
        </HasPermi>
        {!r.frozen && (
          <HasPermi value={[ComplianceReportPerm.add]}>
            <Button
              icon={<LockOutlined />}
              loading={freeze.isPending}
              onClick={async () => {
                if (!(await confirmDialog(t('report.confirmFreeze', { name: r.name })))) return;
                await freeze.mutateAsync(r.reportId);
                message.success(t('report.frozen'));
              }}
            >
              {t('report.freeze')}
            </Button>
          </HasPermi>
        )}
      </Space>
      <Table<MatrixRow>
        rowKey="clauseId"
        size="small"
        loading={matrix.isFetching}
        dataSource={m.rows}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: m.total, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          {
            key: 'number',
            dataIndex: 'number',
            title: t('clause.number'),
            width: 160,
            render: (v: string, row) => <span style={{ paddingLeft: (row.level - 1) * 12 }}>{v}</span>,
          },
          { key: 'title', dataIndex: 'title', title: t('clause.title'), width: 220 },
          {
            key: 'verdict',
            dataIndex: 'verdict',
            title: t('report.verdict'),
            width: 110,
            render: (v: Verdict) => <Tag color={VERDICT_COLORS[v]}>{labels[v]}</Tag>,
          },
          {
            key: 'links',
            title: t('report.links'),
            render: (_: unknown, row) =>
              row.verdict === 'notApplicable' ? (
                row.justification
              ) : (
                <Space direction="vertical" size={0}>
                  {row.links.map((l) => (
                    <span key={l.linkId}>
                      <Tag>{l.means}</Tag>
                      {l.targetTitle} <Tag color={l.approved ? 'green' : l.flagged ? 'orange' : 'default'}>{l.flagged ? t('link.flagged') : l.status}</Tag>
                      {l.approvedCommit && <code>{l.approvedCommit.slice(0, 8)}</code>}
                    </span>
                  ))}
                  {(row.outOfScope ?? []).map((o) => (
                    <Typography.Text key={`${o.branch}:${o.path}:${o.targetTitle}`} type="secondary" data-testid="out-of-scope">
                      {t('report.outOfScope', { title: o.targetTitle || o.path, branch: o.branch })}
                    </Typography.Text>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}

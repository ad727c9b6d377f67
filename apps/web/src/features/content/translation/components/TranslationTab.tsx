import { DocumentPerm } from '@ccms/contracts/content/document';
import { CONTENT_LANGUAGES, type TranslationImportResult, XLIFF_VERSIONS, type XliffVersion } from '@ccms/contracts/content/translation';
import { Alert, App, Button, Descriptions, Select, Space, Statistic, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { translationApi } from '../translation-api';
import { useImportTranslation, useSaveTranslationSetting, useTranslationProgress, useTranslationSetting } from '../translation-queries';

/** A document's translation: progress for a language, XLIFF export and import, and the library's layout. */
export function TranslationTab({ document }: { document: { documentId: number; libraryId: number; canWrite: boolean } }) {
  const { t, i18n } = useTranslation('translation');
  const { message } = App.useApp();
  const [targetLang, setTargetLang] = useState<string>('zh-CN');
  const [version, setVersion] = useState<XliffVersion>('2.1');
  const [report, setReport] = useState<TranslationImportResult | null>(null);
  const en = i18n.language.startsWith('en');
  const languages = CONTENT_LANGUAGES.map((l) => ({ value: l.tag, label: `${en ? l.en : l.zh} (${l.tag})` }));
  const progress = useTranslationProgress({ documentId: document.documentId, targetLang }, true);
  const setting = useTranslationSetting(document.libraryId);
  const saveSetting = useSaveTranslationSetting();
  const importer = useImportTranslation();

  const upload = async (file: File) => {
    setReport(null);
    const result = await importer.mutateAsync(await file.text());
    setReport(result);
    message.success(result.commit ? t('imported', { count: result.paths.length, commit: result.commit.slice(0, 8) }) : t('importedNothing'));
    return false;
  };

  return (
    <div className="translation-tab">
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('targetLang')}</span>
        <Select
          aria-label={t('targetLang')}
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={targetLang}
          onChange={setTargetLang}
          options={languages}
        />
        <Select aria-label={t('version')} value={version} onChange={setVersion} options={XLIFF_VERSIONS.map((v) => ({ value: v, label: `XLIFF ${v}` }))} />
        <Button type="primary" onClick={() => translationApi.export({ documentId: document.documentId, targetLang, version })}>
          {t('export')}
        </Button>
        {document.canWrite && (
          <HasPermi value={[DocumentPerm.import]}>
            <Upload accept=".xlf,.xliff,.xml" showUploadList={false} beforeUpload={(file) => upload(file).catch(() => false)}>
              <Button loading={importer.isPending}>{t('import')}</Button>
            </Upload>
          </HasPermi>
        )}
      </Space>
      {report && <ImportReport report={report} />}
      {progress.data && (
        <Space size="large" style={{ marginBottom: 16 }}>
          <Statistic title={t('total')} value={progress.data.total} />
          <Statistic title={t('translated')} value={progress.data.translated} />
          <Statistic title={t('fuzzy')} value={progress.data.fuzzy} />
          <Statistic title={t('new')} value={progress.data.new} />
        </Space>
      )}
      {setting.data && (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('layout')}>
            <Select
              aria-label={t('layout')}
              disabled={!document.canWrite}
              value={setting.data.layout}
              style={{ width: 260 }}
              onChange={(layout) =>
                saveSetting.mutateAsync({ libraryId: document.libraryId, layout, sourceLang: setting.data.sourceLang }).then(() => message.success(t('saved')))
              }
              options={[
                { value: 'folder', label: t('layoutFolder') },
                { value: 'branch', label: t('layoutBranch') },
              ]}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('sourceLang')}>{setting.data.sourceLang}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}

/** What an import did: counts, the commit, and the units that need a new translation. */
function ImportReport({ report }: { report: TranslationImportResult }) {
  const { t } = useTranslation('translation');
  const counts = t('report.counts', {
    imported: report.imported,
    unchanged: report.unchanged,
    skipped: report.skipped,
    stale: report.stale.length,
    files: report.paths.length,
  });
  return (
    <div className="translation-report" style={{ marginBottom: 16 }}>
      <Alert
        type={report.stale.length > 0 ? 'warning' : 'success'}
        showIcon
        title={report.commit ? t('report.title', { commit: report.commit.slice(0, 8), branch: report.branch }) : t('report.noCommit')}
        description={counts}
      />
      {report.stale.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('report.stale')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(r) => `${r.path}\u0000${r.name}`}
            pagination={report.stale.length > 10 ? { pageSize: 10 } : false}
            dataSource={report.stale}
            columns={[
              { title: t('report.file'), dataIndex: 'path' },
              { title: t('report.unit'), dataIndex: 'unit', render: (unit: string, r) => (unit ? `${unit} (${r.name})` : r.name) },
              { title: t('report.oldSource'), dataIndex: 'source', render: (v: string | null) => v ?? t('report.none') },
              { title: t('report.currentSource'), dataIndex: 'current', render: (v: string | null) => v ?? t('report.gone') },
            ]}
          />
        </>
      )}
    </div>
  );
}

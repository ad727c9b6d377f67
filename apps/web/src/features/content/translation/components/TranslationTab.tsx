import { DocumentPerm } from '@ccms/contracts/content/document';
import { LanguageTag, XLIFF_VERSIONS, type XliffVersion } from '@ccms/contracts/content/translation';
import { App, Button, Descriptions, Input, Select, Space, Statistic, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { translationApi } from '../translation-api';
import { useImportTranslation, useSaveTranslationSetting, useTranslationProgress, useTranslationSetting } from '../translation-queries';

/** A document's translation: progress for a language, XLIFF export and import, and the library's layout. */
export function TranslationTab({ document }: { document: { documentId: number; libraryId: number; canWrite: boolean } }) {
  const { t } = useTranslation('translation');
  const { message } = App.useApp();
  const [targetLang, setTargetLang] = useState('zh-CN');
  const [version, setVersion] = useState<XliffVersion>('2.1');
  const valid = LanguageTag.safeParse(targetLang).success;
  const progress = useTranslationProgress({ documentId: document.documentId, targetLang }, valid);
  const setting = useTranslationSetting(document.libraryId);
  const saveSetting = useSaveTranslationSetting();
  const importer = useImportTranslation();

  const upload = async (file: File) => {
    const result = await importer.mutateAsync(await file.text());
    message.success(t('imported', { count: result.paths.length, commit: result.commit.slice(0, 8) }));
    return false;
  };

  return (
    <div className="translation-tab">
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('targetLang')}</span>
        <Input
          aria-label={t('targetLang')}
          style={{ width: 140 }}
          value={targetLang}
          status={valid ? undefined : 'error'}
          onChange={(e) => setTargetLang(e.target.value.trim())}
        />
        <Select aria-label={t('version')} value={version} onChange={setVersion} options={XLIFF_VERSIONS.map((v) => ({ value: v, label: `XLIFF ${v}` }))} />
        <Button type="primary" disabled={!valid} onClick={() => translationApi.export({ documentId: document.documentId, targetLang, version })}>
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

import { PublicationBody } from '@ccms/contracts/publish/publication';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { documentQueries } from '../../../content/document/document-queries';
import { useLibrarySettings } from '../../../content/library/library-queries';
import { productLabel } from '../../../content/s1000d/components/ProductChooser';
import { useApplicability } from '../../../content/s1000d/s1000d-queries';

/**
 * The document and filter of an S1000D library's publication: a publication module of the branch,
 * and the applicability selection it is published for (a PCT product, one of the library's filter
 * groups of applicability properties, or property values typed as `ident=value;...`).
 */
export function S1000dPublicationFields({ libraryId, branch }: { libraryId: number; branch: string }) {
  const { t } = useTranslation('publication');
  const pms = useQuery({ ...documentQueries.list({ libraryId, branch, pageNum: 1, pageSize: 500 }), enabled: branch !== '' });
  const applic = useApplicability({ libraryId, branch }, branch !== '');
  const settings = useLibrarySettings('filter', libraryId);
  const groups = [...new Set((settings.data ?? []).map((s) => s.group))];
  const products = applic.data?.products ?? [];
  const options = [
    ...(products.length > 0 ? [{ label: t('s1000d.products'), options: products.map((p) => ({ value: p.key, label: productLabel(p) })) }] : []),
    ...(groups.length > 0 ? [{ label: t('s1000d.groups'), options: groups.map((g) => ({ value: g, label: g })) }] : []),
  ];
  return (
    <>
      <Form.Item name="ditaMap" label={t('s1000d.pm')} rules={zodRules(PublicationBody, 'ditaMap', t('s1000d.pm'))} extra={t('s1000d.pmHint')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={pms.isLoading}
          aria-label={t('s1000d.pm')}
          data-testid="publication-pm"
          options={(pms.data?.rows ?? []).map((d) => ({ value: d.path, label: d.name ? `${d.name} — ${d.path}` : d.path }))}
        />
      </Form.Item>
      <Form.Item name="ditaVal" label={t('s1000d.applic')} rules={zodRules(PublicationBody, 'ditaVal', t('s1000d.applic'))} extra={t('s1000d.applicHint')}>
        <AutoComplete
          allowClear
          aria-label={t('s1000d.applic')}
          data-testid="publication-applic"
          maxLength={zodMaxLength(PublicationBody, 'ditaVal')}
          options={options}
          filterOption={(input, option) => {
            const text = `${option && 'value' in option ? option.value : ''} ${option?.label ?? ''}`.toLowerCase();
            return text.includes(input.toLowerCase());
          }}
        />
      </Form.Item>
    </>
  );
}

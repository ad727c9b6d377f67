import { PublicationBody } from '@ccms/contracts/publish/publication';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { publicationQueries } from '../publication-queries';

/**
 * The map and filter of a DITA publication, picked from lists: the branch's maps (with their titles)
 * and its DITAVAL files and the library's filter groups. The filter can still be typed (a file added
 * since the branch was read). A branch the server does not know shows its message under the map.
 */
export function DitaPublicationFields({ libraryId, branch }: { libraryId: number; branch: string }) {
  const { t } = useTranslation('publication');
  const choices = useQuery({ ...publicationQueries.choices(libraryId, branch), enabled: branch !== '', retry: false });
  const maps = choices.data?.maps ?? [];
  const filters = choices.data?.filters ?? [];
  const files = filters.filter((f) => f.kind === 'file');
  const groups = filters.filter((f) => f.kind === 'group');
  const filterOptions = [
    ...(files.length > 0 ? [{ label: t('choices.files'), options: files.map((f) => ({ value: f.value, label: f.value })) }] : []),
    ...(groups.length > 0 ? [{ label: t('choices.groups'), options: groups.map((f) => ({ value: f.value, label: f.value })) }] : []),
  ];
  const refused = choices.error instanceof Error ? choices.error.message : undefined;
  return (
    <>
      <Form.Item
        name="ditaMap"
        label={t('fields.ditaMap')}
        rules={zodRules(PublicationBody, 'ditaMap', t('fields.ditaMap'))}
        extra={refused ?? (choices.isSuccess && maps.length === 0 ? t('choices.noMaps') : t('hints.ditaMap'))}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={choices.isLoading}
          aria-label={t('fields.ditaMap')}
          data-testid="publication-map"
          options={maps.map((m) => ({ value: m.path, label: m.title ? `${m.title} — ${m.path}` : m.path }))}
        />
      </Form.Item>
      <Form.Item name="ditaVal" label={t('fields.ditaVal')} rules={zodRules(PublicationBody, 'ditaVal', t('fields.ditaVal'))} extra={t('hints.ditaVal')}>
        <AutoComplete
          allowClear
          aria-label={t('fields.ditaVal')}
          data-testid="publication-filter"
          maxLength={zodMaxLength(PublicationBody, 'ditaVal')}
          options={filterOptions}
          filterOption={(input, option) => `${option && 'value' in option ? option.value : ''}`.toLowerCase().includes(input.toLowerCase())}
        />
      </Form.Item>
    </>
  );
}

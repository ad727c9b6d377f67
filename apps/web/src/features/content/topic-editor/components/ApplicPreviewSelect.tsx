import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApplicability } from '../../s1000d/s1000d-queries';

export interface ApplicPreviewSelectProps {
  libraryId: number;
  branch?: string | undefined;
  /** The chosen product's key (PCT), or null for no preview. */
  value: string | null;
  onChange: (product: { key: string; assignment: Record<string, string> } | null) => void;
}

/**
 * The applicability preview's product: the products of the library's PCT (as the S1000D filters
 * list them); content of the module that does not apply to the chosen one is greyed in the visual view.
 */
export function ApplicPreviewSelect({ libraryId, branch, value, onChange }: ApplicPreviewSelectProps) {
  const { t } = useTranslation('topic-editor');
  const tables = useApplicability({ libraryId, ...(branch ? { branch } : {}) });
  const products = tables.data?.products ?? [];
  const none = tables.isSuccess && products.length === 0;
  return (
    <Tooltip title={none ? t('s1000d.applic.noTables') : t('s1000d.applic.greyed')}>
      <Select
        size="small"
        style={{ minWidth: 260 }}
        data-testid="applic-preview"
        aria-label={t('s1000d.applic.title')}
        disabled={none}
        loading={tables.isLoading}
        value={value ?? ''}
        onChange={(key: string) => {
          const p = products.find((x) => x.key === key);
          onChange(p ? { key: p.key, assignment: p.assignment } : null);
        }}
        options={[
          { value: '', label: `${t('s1000d.applic.title')}: ${t('s1000d.applic.none')}` },
          ...products.map((p) => ({
            value: p.key,
            label: `${t('s1000d.applic.product')}: ${p.key} — ${Object.entries(p.assignment)
              .filter(([k]) => k !== 'serialno')
              .map(([, v]) => v)
              .join(', ')}`,
          })),
        ]}
      />
    </Tooltip>
  );
}

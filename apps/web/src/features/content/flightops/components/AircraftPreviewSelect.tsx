import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFleet } from '../flightops-queries';

/**
 * The DU preview's aircraft (the editor's applicability preview for a flight-ops library): the
 * branch's fleet; the preview shows only the solutions effective for the chosen one.
 */
export function AircraftPreviewSelect({
  libraryId,
  branch,
  value,
  onChange,
}: {
  libraryId: number;
  branch?: string | undefined;
  value: string | null;
  onChange: (product: { key: string; assignment: Record<string, string> } | null) => void;
}) {
  const { t } = useTranslation('flightops');
  const fleet = useFleet({ libraryId, ...(branch ? { branch } : {}) }, true);
  return (
    <Select
      size="small"
      style={{ minWidth: 220 }}
      data-testid="aircraft-preview"
      aria-label={t('previewAircraft')}
      loading={fleet.isLoading}
      value={value ?? ''}
      onChange={(msn: string) => onChange(msn ? { key: msn, assignment: { aircraft: msn } } : null)}
      options={[
        { value: '', label: `${t('previewAircraft')}: ${t('allSolutions')}` },
        ...(fleet.data?.aircraft ?? []).map((a) => ({ value: a.msn, label: `${t('previewAircraft')}: MSN ${a.msn} · ${a.registration}` })),
      ]}
    />
  );
}

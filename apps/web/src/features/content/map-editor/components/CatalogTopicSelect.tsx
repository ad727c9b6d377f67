import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTargetSearch } from '../../topic-editor/topic-editor-queries';

/** A topic of the catalogue, found by part of its title, path or id (only the answer to what is typed now is listed). */
export function CatalogTopicSelect({
  libraryId,
  branch,
  value,
  onChange,
  enabled = true,
  allowClear = false,
  testId,
}: {
  libraryId: number;
  branch?: string | undefined;
  value?: string | undefined;
  onChange?: (path: string) => void;
  /** Asks nothing while false (a closed dialog). */
  enabled?: boolean;
  allowClear?: boolean;
  testId: string;
}) {
  const [q, setQ] = useState('');
  const { rows, settled } = useTargetSearch(q, { libraryId, ...(branch ? { branch } : {}), kind: 'xref', limit: 30 }, enabled);
  const options = rows.filter((r) => r.elementId === null).map((r) => ({ value: r.path, label: `${r.title || r.path} — ${r.path}` }));
  return (
    <Select
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear={allowClear}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      loading={!settled}
      notFoundContent={settled ? undefined : <Spin size="small" />}
      options={options}
      data-testid={testId}
    />
  );
}

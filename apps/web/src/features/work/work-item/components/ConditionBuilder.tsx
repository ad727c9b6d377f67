import { DeleteOutlined, PlusOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type Condition,
  type FieldKind,
  MAX_CONDITIONS,
  OPERATORS_BY_KIND,
  type Operator,
  operatorArity,
  QUERY_FIELD_NAMES,
  QUERY_FIELDS,
  type QueryField,
  SavedFilterBody,
} from '@ccms/contracts/work/work-item-conditions';
import { CLOSE_REASONS, RESOLUTIONS, WORK_ITEM_STATES, WORK_ITEM_TYPES, type WorkItemType } from '@ccms/contracts/work/work-item-states';
import { App, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useUserOptions } from '../../shared/labels';
import { useRemoveFilter, useSavedFilters, useSaveFilter } from '../work-item-queries';

/** A row being edited: the value is whatever the editor holds until the query runs. */
interface Row {
  key: number;
  field: QueryField;
  operator: Operator;
  value: unknown;
}

export interface AppliedConditions {
  conditions: Condition[];
  logic: 'and' | 'or';
}

export interface ConditionBuilderProps {
  workItemType?: WorkItemType;
  projectId?: number;
  onApply: (applied: AppliedConditions) => void;
}

let nextKey = 1;
const DAY = 'YYYY-MM-DD';

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** Editor rows to the query's conditions: dates as YYYY-MM-DD, lists as arrays, numbers as numbers. */
export function toConditions(rows: readonly Row[]): Condition[] {
  return rows.map(({ field, operator, value }) => {
    const kind = QUERY_FIELDS[field];
    const arity = operatorArity(operator);
    const scalar = (v: unknown): string | number | boolean => {
      if (isDayjs(v)) return v.format(DAY);
      if (kind === 'number' || kind === 'user') return typeof v === 'number' ? v : Number(v);
      if (kind === 'bool') return v === true || v === 'true';
      return typeof v === 'string' || typeof v === 'number' ? v : String(v ?? '');
    };
    if (arity === 'none') return { field, operator };
    if (arity === 'list' || arity === 'pair') {
      const list = Array.isArray(value) ? value : [];
      return { field, operator, value: list.map((v) => scalar(v) as string | number) };
    }
    return { field, operator, value: scalar(value) };
  });
}

/** Saved conditions back to editor rows (dates become pickers' values again). */
function toRows(conditions: readonly Condition[]): Row[] {
  return conditions.map((c) => {
    const kind = QUERY_FIELDS[c.field];
    const revive = (v: unknown) => (kind === 'date' && typeof v === 'string' ? dayjs(v) : v);
    const value = Array.isArray(c.value) ? c.value.map(revive) : revive(c.value);
    nextKey += 1;
    return { key: nextKey, field: c.field, operator: c.operator, value };
  });
}

function ValueEditor({ row, onChange }: { row: Row; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('work-item');
  const users = useUserOptions();
  const kind: FieldKind = QUERY_FIELDS[row.field];
  const arity = operatorArity(row.operator);
  const width = 240;
  if (arity === 'none') return <span style={{ display: 'inline-block', width }} />;
  const enumOptions = (): { value: string; label: string }[] => {
    switch (row.field) {
      case 'status':
        return WORK_ITEM_STATES.map((s) => ({ value: s, label: t(`statuses.${s}`) }));
      case 'workItemType':
        return WORK_ITEM_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }));
      case 'resolution':
        return RESOLUTIONS.map((s) => ({ value: s, label: t(`resolutions.${s}`) }));
      default:
        return [...CLOSE_REASONS, 'reject' as const].map((s) => ({ value: s, label: t(`closeReasons.${s}`) }));
    }
  };
  const list = Array.isArray(row.value) ? row.value : [];
  const label = t('conditions.value');
  if (kind === 'date') {
    if (arity === 'pair') {
      const range: [Dayjs | null, Dayjs | null] = [isDayjs(list[0]) ? list[0] : null, isDayjs(list[1]) ? list[1] : null];
      return <DatePicker.RangePicker style={{ width }} value={range} onChange={(v) => onChange(v ? [v[0], v[1]] : [])} />;
    }
    return <DatePicker style={{ width }} value={isDayjs(row.value) ? row.value : null} onChange={(v) => onChange(v)} aria-label={label} />;
  }
  if (kind === 'bool') {
    return (
      <Select
        style={{ width }}
        value={row.value === undefined ? undefined : String(row.value)}
        onChange={(v) => onChange(v === 'true')}
        options={[
          { value: 'true', label: t('conditions.yes') },
          { value: 'false', label: t('conditions.no') },
        ]}
        aria-label={label}
      />
    );
  }
  if (kind === 'enum' || kind === 'user') {
    const options: { value: string | number; label: string }[] = kind === 'user' ? users : enumOptions();
    return (
      <Select
        style={{ width }}
        showSearch={{ optionFilterProp: 'label' }}
        mode={arity === 'list' ? 'multiple' : undefined}
        value={arity === 'list' ? list : (row.value as string | number | undefined)}
        onChange={(v) => onChange(v)}
        options={options}
        aria-label={label}
      />
    );
  }
  if (arity === 'list') return <Select style={{ width }} mode="tags" value={list} onChange={(v) => onChange(v)} aria-label={label} />;
  if (kind === 'number') {
    if (arity === 'pair') {
      return (
        <Space.Compact style={{ width }}>
          <InputNumber placeholder={t('conditions.from')} value={list[0] as number | undefined} onChange={(v) => onChange([v, list[1]])} />
          <InputNumber placeholder={t('conditions.to')} value={list[1] as number | undefined} onChange={(v) => onChange([list[0], v])} />
        </Space.Compact>
      );
    }
    return <InputNumber style={{ width }} value={row.value as number | undefined} onChange={(v) => onChange(v)} aria-label={label} />;
  }
  return <Input style={{ width }} value={typeof row.value === 'string' ? row.value : ''} onChange={(e) => onChange(e.target.value)} aria-label={label} />;
}

/** Names the conditions being edited and saves them as a filter of the caller; the rule comes from the contract's SavedFilterBody. */
function SaveFilterDialog({ open, onClose, save }: { open: boolean; onClose: () => void; save: (name: string) => Promise<unknown> }) {
  const { t } = useTranslation('work-item');
  const { message } = App.useApp();
  const entity = useEntityForm<{ name: string }>({
    open,
    defaults: { name: '' },
    save: ({ name }) => save(name.trim()),
    onSaved: () => {
      message.success(t('conditions.saved'));
      onClose();
    },
  });
  return (
    <FormDialog open={open} title={t('conditions.save')} width={420} name="save-filter-form" entity={entity} onClose={onClose}>
      <Form.Item name="name" label={t('conditions.filterName')} rules={zodRules(SavedFilterBody, 'name', t('conditions.filterName'))}>
        <Input maxLength={zodMaxLength(SavedFilterBody, 'name')} placeholder={t('conditions.filterName')} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The work item condition query: field, operator and value rows joined by AND or OR, at most
 * 10 (the server refuses the 11th too), with the caller's saved filters.
 */
export function ConditionBuilder({ workItemType, projectId, onApply }: ConditionBuilderProps) {
  const { t } = useTranslation('work-item');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [logic, setLogic] = useState<'and' | 'or'>('and');
  const [naming, setNaming] = useState(false);
  const filters = useSavedFilters(projectId);
  const saveFilter = useSaveFilter();
  const deleteFilter = useRemoveFilter();
  const full = rows.length >= MAX_CONDITIONS;

  const fieldOptions = QUERY_FIELD_NAMES.filter((f) => !(workItemType && f === 'workItemType')).map((f) => ({ value: f, label: t(`fields.${f}`) }));
  const update = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    if (full) return;
    nextKey += 1;
    setRows((rs) => [...rs, { key: nextKey, field: 'title', operator: 'contains', value: '' }]);
  };
  const apply = (next: Row[] = rows, nextLogic = logic) => onApply({ conditions: toConditions(next), logic: nextLogic });

  const load = (filterId: number) => {
    const f = filters.data?.find((x) => x.filterId === filterId);
    if (!f) return;
    const next = toRows(f.conditions);
    setRows(next);
    setLogic(f.logic);
    apply(next, f.logic);
  };
  const removeFilter = async (filterId: number, name: string) => {
    if (!(await confirmDialog(`${t('conditions.deleteFilter')}: ${name}?`, { type: 'danger' }))) return;
    await deleteFilter.mutateAsync(filterId);
    message.success(t('conditions.filterDeleted'));
  };

  return (
    <div className="workitem-conditions" data-testid="condition-builder">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('conditions.title')}</Typography.Text>
        <Radio.Group value={logic} onChange={(e) => setLogic(e.target.value)} optionType="button" size="small" data-testid="condition-logic">
          <Radio.Button value="and">{t('logic.and')}</Radio.Button>
          <Radio.Button value="or">{t('logic.or')}</Radio.Button>
        </Radio.Group>
        <Select
          size="small"
          style={{ minWidth: 200 }}
          placeholder={t('conditions.load')}
          value={null}
          onChange={(v: number) => load(v)}
          options={(filters.data ?? []).map((f) => ({ value: f.filterId, label: f.name }))}
          optionRender={(o) => (
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <span>{o.label}</span>
              <DeleteOutlined
                aria-label={t('conditions.deleteFilter')}
                onClick={(e) => {
                  e.stopPropagation();
                  void removeFilter(Number(o.value), String(o.label));
                }}
              />
            </Space>
          )}
          data-testid="saved-filters"
        />
      </Space>
      {rows.length === 0 && <Typography.Paragraph type="secondary">{t('conditions.none')}</Typography.Paragraph>}
      {rows.map((row, i) => {
        const kind = QUERY_FIELDS[row.field];
        return (
          <Space key={row.key} wrap style={{ display: 'flex', marginBottom: 6 }} data-testid={`condition-row-${i}`}>
            <Select
              style={{ width: 180 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={row.field}
              options={fieldOptions}
              aria-label={t('fields.title')}
              data-testid="condition-field"
              onChange={(field: QueryField) => {
                const ops = OPERATORS_BY_KIND[QUERY_FIELDS[field]];
                update(row.key, { field, operator: ops.includes(row.operator) ? row.operator : (ops[0] ?? 'eq'), value: undefined });
              }}
            />
            <Select
              style={{ width: 140 }}
              value={row.operator}
              data-testid="condition-operator"
              options={OPERATORS_BY_KIND[kind].map((op) => ({ value: op, label: t(`operators.${op}`) }))}
              onChange={(operator: Operator) =>
                update(row.key, { operator, value: operatorArity(operator) === operatorArity(row.operator) ? row.value : undefined })
              }
            />
            <ValueEditor row={row} onChange={(value) => update(row.key, { value })} />
            <Button icon={<DeleteOutlined />} aria-label={tc('delete')} onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))} />
          </Space>
        );
      })}
      <Space wrap>
        <Tooltip title={full ? t('conditions.max', { max: MAX_CONDITIONS }) : undefined}>
          <Button icon={<PlusOutlined />} disabled={full} onClick={add} data-testid="condition-add">
            {t('conditions.add')}
          </Button>
        </Tooltip>
        <Button type="primary" icon={<SearchOutlined />} onClick={() => apply()} data-testid="condition-run">
          {t('conditions.run')}
        </Button>
        <Button
          onClick={() => {
            setRows([]);
            apply([], logic);
          }}
        >
          {t('conditions.clear')}
        </Button>
        <Button icon={<SaveOutlined />} disabled={rows.length === 0} onClick={() => setNaming(true)}>
          {t('conditions.save')}
        </Button>
        <Typography.Text type="secondary">{t('conditions.max', { max: MAX_CONDITIONS })}</Typography.Text>
      </Space>
      <SaveFilterDialog
        open={naming}
        onClose={() => setNaming(false)}
        save={(name) =>
          saveFilter.mutateAsync({ name, conditions: toConditions(rows), logic, workItemType: workItemType ?? null, projectId: projectId ?? null })
        }
      />
    </div>
  );
}

import { Alert, Button, Checkbox, InputNumber, Modal, Radio, Select, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRON_FIELDS,
  type CronField,
  type CronPreview,
  type CronState,
  cronText,
  defaultCron,
  FIELD_BOUNDS,
  FIELD_MODES,
  type FieldMode,
  type FieldState,
  fieldText,
  parseCron,
  previewCron,
  withField,
} from '../cron';
import '../job.css';

export interface CronHelperDialogProps {
  open: boolean;
  /** The expression to start from; one the helper cannot read starts from defaults. */
  value: string;
  onClose: () => void;
  onApply: (expression: string) => void;
}

/** Replaces {{name}} placeholders of a translated sentence with inputs. */
function fill(template: string, slots: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\{\w+\}\})/).map((part, i) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never reorder
    return <Fragment key={i}>{name ? slots[name] : part}</Fragment>;
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

function FieldEditor({ field, state, onChange }: { field: CronField; state: FieldState; onChange: (next: FieldState) => void }) {
  const { t } = useTranslation('job');
  const [min, max] = FIELD_BOUNDS[field];
  const unit = t(`cron.units.${field}`);
  const units = t(`cron.unitsPlural.${field}`);
  const set = (patch: Partial<FieldState>) => onChange({ ...state, ...patch });
  const number = (value: number, key: 'from' | 'to' | 'start' | 'step' | 'nth', lo = min, hi = max) => (
    <InputNumber
      size="small"
      min={lo}
      max={hi}
      precision={0}
      value={value}
      className="cron-number"
      aria-label={`${t(`cron.fields.${field}`)} ${key}`}
      onChange={(v) => {
        const patch: Partial<FieldState> = {};
        patch[key] = typeof v === 'number' ? v : lo;
        set(patch);
      }}
      onFocus={() => {
        const mode: FieldMode = key === 'from' || key === 'to' ? 'range' : key === 'nth' ? 'nth' : 'step';
        if (state.mode !== mode) set({ mode });
      }}
    />
  );
  const weekdayPicker = (key: 'weekday' | 'from' | 'to', mode: FieldMode) => (
    <Select
      size="small"
      value={state[key]}
      className="cron-weekday"
      popupMatchSelectWidth={false}
      aria-label={`${t(`cron.fields.${field}`)} ${key}`}
      options={WEEKDAYS.map((d) => ({ value: d, label: t(`cron.weekdays.${d}` as 'cron.weekdays.0') }))}
      onChange={(d) => {
        const patch: Partial<FieldState> = { mode };
        patch[key] = d;
        set(patch);
      }}
    />
  );
  const valueLabel = (v: number) =>
    field === 'week' ? t(`cron.weekdays.${v}` as 'cron.weekdays.0') : String(v).padStart(field === 'day' || field === 'month' ? 1 : 2, '0');

  const rows: Record<FieldMode, ReactNode> = {
    every: t('cron.every', { unit }),
    none: t('cron.none'),
    range: fill(
      t('cron.range', { from: '{{from}}', to: '{{to}}', unit }),
      field === 'week'
        ? { from: weekdayPicker('from', 'range'), to: weekdayPicker('to', 'range') }
        : { from: number(state.from, 'from'), to: number(state.to, 'to') },
    ),
    step: fill(t('cron.step', { start: '{{start}}', step: '{{step}}', unit: units }), {
      start: number(state.start, 'start'),
      step: number(state.step, 'step', 1, max - min + 1),
    }),
    last: field === 'week' ? fill(t('cron.lastWeekday', { weekday: '{{weekday}}' }), { weekday: weekdayPicker('weekday', 'last') }) : t('cron.lastDay'),
    nth: fill(t('cron.nth', { nth: '{{nth}}', weekday: '{{weekday}}' }), { nth: number(state.nth, 'nth', 1, 5), weekday: weekdayPicker('weekday', 'nth') }),
    list: t('cron.list'),
  };

  return (
    <Radio.Group value={state.mode} onChange={(e) => set({ mode: e.target.value })} className="cron-modes">
      {FIELD_MODES[field].map((mode) => (
        <div key={mode} className="cron-mode">
          <Radio value={mode}>
            <span className="cron-mode-text">{rows[mode]}</span>
          </Radio>
          {mode === 'list' && (
            <Checkbox.Group
              className={`cron-values cron-values-${field}`}
              value={state.values}
              options={(field === 'week' ? WEEKDAYS : range(min, max)).map((v) => ({ value: v, label: valueLabel(v) }))}
              onChange={(values) => set({ mode: 'list', values: values.map(Number) })}
            />
          )}
        </div>
      ))}
    </Radio.Group>
  );
}

/** Builds a cron expression field by field, with the next five runs computed by the server's parser. */
export function CronHelperDialog({ open, value, onClose, onApply }: CronHelperDialogProps) {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<CronState>(defaultCron);
  const [unsupported, setUnsupported] = useState(false);
  const [preview, setPreview] = useState<CronPreview | null | 'pending'>('pending');
  const expression = cronText(state);

  useEffect(() => {
    if (!open) return;
    const parsed = value.trim() ? parseCron(value) : null;
    setState(parsed ?? defaultCron());
    setUnsupported(value.trim() !== '' && parsed === null);
  }, [open, value]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setPreview('pending');
    previewCron(expression).then((p) => {
      if (live) setPreview(p);
    });
    return () => {
      live = false;
    };
  }, [open, expression]);

  return (
    <Modal
      open={open}
      title={t('cron.title')}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setState(defaultCron())}>{tc('reset')}</Button>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button type="primary" onClick={() => onApply(expression)}>
            {tc('ok')}
          </Button>
        </Space>
      }
    >
      {unsupported && <Alert type="warning" showIcon className="cron-alert" title={t('cron.unsupported')} />}
      <Tabs
        items={CRON_FIELDS.map((field) => ({
          key: field,
          label: t(`cron.fields.${field}`),
          children: <FieldEditor field={field} state={state[field]} onChange={(next) => setState((s) => withField(s, field, next))} />,
        }))}
      />
      <div className="cron-result">
        <table className="cron-table">
          <thead>
            <tr>
              {CRON_FIELDS.map((f) => (
                <th key={f} scope="col">
                  {t(`cron.fields.${f}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {CRON_FIELDS.map((f) => (
                <td key={f}>{fieldText(f, state[f])}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <div className="cron-expression">
          <span>{t('cron.expression')}</span>
          <Typography.Text code copyable data-testid="cron-expression">
            {expression}
          </Typography.Text>
        </div>
        <div className="cron-runs">
          <div className="cron-runs-title">{t('cron.nextRuns')}</div>
          {preview === 'pending' ? (
            <Typography.Text type="secondary">{t('cron.computing')}</Typography.Text>
          ) : preview === null ? (
            <Typography.Text type="danger">{t('cron.previewFailed')}</Typography.Text>
          ) : (
            <>
              <ol data-testid="cron-runs">
                {preview.runs.map((d) => (
                  <li key={d.getTime()}>{dayjs(d).format('YYYY-MM-DD HH:mm:ss ddd')}</li>
                ))}
              </ol>
              {preview.tooFrequent && <Alert type="error" showIcon title={t('cron.tooFrequent')} />}
            </>
          )}
          <Typography.Text type="secondary" className="cron-note">
            {t('cron.note')}
          </Typography.Text>
        </div>
      </div>
    </Modal>
  );
}

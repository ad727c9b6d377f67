import { Col, DatePicker, Form, Select, type SelectProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { userLabel } from '../../../../shared/user-label';
import { useProjectOptions, useUserOptions } from '../project-queries';

export { useProjectOptions, useUserOptions };

/** Form.Item props that keep a DatePicker's value as "YYYY-MM-DD" (the contracts' date format). */
export const dateItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (v: Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null),
};

/** A form rule: this date must not be before the date in `beginField`. */
export const notBefore = (beginField: string, message: string) => (form: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, value: unknown) => {
    const begin = form.getFieldValue(beginField);
    return typeof begin === 'string' && typeof value === 'string' && value < begin ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** A select of open projects. */
export function ProjectSelect(props: Omit<SelectProps<number>, 'options'>) {
  const projects = useProjectOptions();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={projects.isLoading}
      options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
      {...props}
    />
  );
}

/** A select of users ("nick (user)"). */
export function UserSelect(props: Omit<SelectProps<number>, 'options'>) {
  const users = useUserOptions();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={users.isLoading}
      options={(users.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
      {...props}
    />
  );
}

/**
 * The begin and end date fields of a two-column form, side by side; the end may not be before
 * the begin (projects: begin/end, plans and tasks: begin/due).
 */
export function DateRangeItems({ begin, end, labels, message }: { begin: string; end: string; labels: [string, string]; message: string }) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name={begin} label={labels[0]} {...dateItemProps}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={end} label={labels[1]} dependencies={[begin]} rules={[notBefore(begin, message)]} {...dateItemProps}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

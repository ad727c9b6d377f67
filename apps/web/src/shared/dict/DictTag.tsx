import { Tag } from 'antd';
import type { DictOption } from './use-dict';

/** RuoYi tag styles as antd tag colours. */
const TAG_COLORS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

export interface DictTagProps {
  options: readonly DictOption[];
  /** One value, an array, or several comma-separated. */
  value: string | number | readonly (string | number)[] | null | undefined;
  separator?: string;
  /** Show values that match no option as plain text; default true. */
  showUnmatched?: boolean;
}

export const valuesOf = (value: DictTagProps['value'], separator = ','): string[] => {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(separator);
};

/**
 * A dictionary value as its tag: the item's listClass picks the colour; "default" or empty shows
 * plain text (with the item's cssClass).
 * Usage: `<DictTag options={useDict('sys_normal_disable')} value={row.status} />`
 */
export function DictTag({ options, value, separator = ',', showUnmatched = true }: DictTagProps) {
  const values = valuesOf(value, separator);
  return (
    <span className="dict-tag">
      {values.map((v, i) => {
        const item = options.find((o) => o.value === v);
        const key = `${v}-${i}`;
        if (!item) return showUnmatched ? <span key={key}>{v}</span> : null;
        const color = TAG_COLORS[item.listClass];
        if (!color) {
          return (
            <span key={key} className={item.cssClass || undefined}>
              {item.label}
            </span>
          );
        }
        return (
          <Tag key={key} color={color} className={item.cssClass || undefined}>
            {item.label}
          </Tag>
        );
      })}
    </span>
  );
}

import { Input } from 'antd';
import { useEffect, useState } from 'react';

const parse = (text: string) => text.split(/[,\s]+/).filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * File suffixes typed as one comma-separated line (".dita, .xml"). Unlike a tag picker it keeps
 * what was typed, a repeated suffix included, so the server's "listed twice" answer can name it.
 */
export function SuffixListInput({
  id,
  value = [],
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    setText((current) => (same(parse(current), value) ? current : value.join(', ')));
  }, [value]);
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(parse(e.target.value));
      }}
    />
  );
}

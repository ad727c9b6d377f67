import { Switch } from 'antd';
import { useState } from 'react';
import { confirmDialog } from '../../../../shared/confirm';

export interface StatusSwitchProps {
  /** RuoYi status: '0' normal (on), '1' disabled (off). */
  status: string;
  /** The question asked before a change, for the status it would get. */
  question: (next: '0' | '1') => string;
  /** Saves the change; a failure leaves the switch where it was. */
  onChange: (next: '0' | '1') => Promise<unknown>;
  disabled?: boolean;
  label: string;
}

/** The list's status switch: asks first ("System prompt"), then saves; it only moves once saved. */
export function StatusSwitch({ status, question, onChange, disabled = false, label }: StatusSwitchProps) {
  const [busy, setBusy] = useState(false);
  const toggle = async (on: boolean) => {
    const next = on ? '0' : '1';
    if (!(await confirmDialog(question(next)))) return;
    setBusy(true);
    try {
      await onChange(next);
    } catch {
      // The request layer showed why; the switch stays as it was.
    } finally {
      setBusy(false);
    }
  };
  return <Switch size="small" checked={status === '0'} loading={busy} disabled={disabled} aria-label={label} onChange={toggle} />;
}

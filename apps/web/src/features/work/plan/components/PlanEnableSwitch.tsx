import type { Plan } from '@ccms/contracts/work/plan';
import { App, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { useSetPlanEnabled } from '../plan-queries';

/** Enables (open) or disables (close) a plan after a confirmation. */
/** The plan lists and details refresh through the plan keys; `onChanged` is for what else shows the plan. */
export function PlanEnableSwitch({ plan, onChanged }: { plan: Pick<Plan, 'id' | 'title' | 'enable'>; onChanged?: () => void }) {
  const { t } = useTranslation('plan');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const canEdit = useHasPermi(['ccms:plan:edit']);
  const setEnabled = useSetPlanEnabled();
  const toggle = async (enable: boolean) => {
    if (!(await confirmDialog(t(enable ? 'confirmEnable' : 'confirmDisable', { name: plan.title })))) return;
    setBusy(true);
    try {
      await setEnabled.mutateAsync({ id: plan.id, enable });
      message.success(t(enable ? 'enableDone' : 'disableDone'));
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={plan.enable}
      loading={busy}
      disabled={!canEdit}
      checkedChildren={t('enabled')}
      unCheckedChildren={t('disabled')}
      onChange={(on) => toggle(on)}
      aria-label={t('enable')}
      data-testid="plan-enable"
    />
  );
}

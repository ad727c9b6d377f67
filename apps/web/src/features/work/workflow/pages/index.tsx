import { Alert, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProjects } from '../../../../state/project-store';
import { usePlan } from '../../plan/plan-queries';
import { usePlanRefs } from '../../work-item/work-item-queries';
import { WorkflowView } from '../components/WorkflowView';

/** The workflow of a plan of the project chosen in the top bar (menu ccms/workitem/workflow; ?planId= opens one). */
export default function WorkflowPage() {
  const { t } = useTranslation('workflow');
  const projectId = useProjects((s) => s.currentProjectId) ?? undefined;
  const [params] = useSearchParams();
  const [chosen, setPlanId] = useState<number | undefined>(params.get('planId') ? Number(params.get('planId')) : undefined);
  const plans = usePlanRefs(projectId, projectId !== undefined);
  const options = (plans.data ?? []).map((p) => ({ value: p.id, label: p.title }));
  // A project with one plan opens it without asking.
  const planId = chosen ?? (options.length === 1 ? options[0]?.value : undefined);
  // A plan given in the address that the project's list does not hold (another project, or none chosen) is named by its title, not its id.
  const listed = planId === undefined || options.some((o) => o.value === planId);
  const named = usePlan(planId ?? 0, !listed && (projectId === undefined || plans.isSuccess));
  if (!listed && planId !== undefined) options.push({ value: planId, label: named.data?.title ?? '' });
  return (
    <Card variant="borderless">
      {projectId === undefined && planId === undefined && <Alert type="info" showIcon title={t('workflow.noProject')} style={{ marginBottom: 12 }} />}
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('workflow.plan')}>
          <Select
            data-testid="workflow-plan"
            style={{ minWidth: 260 }}
            placeholder={t('workflow.planPlaceholder')}
            value={planId}
            onChange={setPlanId}
            options={options}
          />
        </Form.Item>
      </Form>
      {planId === undefined ? <Alert type="info" title={t('workflow.noPlan')} /> : <WorkflowView planId={planId} />}
    </Card>
  );
}

import { Alert, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProjects } from '../../../../state/project-store';
import { usePlanRefs } from '../../work-item/work-item-queries';
import { WorkflowView } from '../components/WorkflowView';

/** The workflow of a plan of the project chosen in the top bar (menu ccms/workitem/workflow; ?planId= opens one). */
export default function WorkflowPage() {
  const { t } = useTranslation('review');
  const projectId = useProjects((s) => s.currentProjectId) ?? undefined;
  const [params] = useSearchParams();
  const [planId, setPlanId] = useState<number | undefined>(params.get('planId') ? Number(params.get('planId')) : undefined);
  const plans = usePlanRefs(projectId, projectId !== undefined);
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
            options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
          />
        </Form.Item>
      </Form>
      {planId === undefined ? <Alert type="info" title={t('workflow.noPlan')} /> : <WorkflowView planId={planId} />}
    </Card>
  );
}

import { Card } from 'antd';
import { useProjects } from '../../../../state/project-store';
import { ReleaseLogList } from '../components/ReleaseLogList';

/** The release log of the project chosen in the top bar (menu ccms/workitem/releaseLog). */
export default function ReleaseLogPage() {
  const projectId = useProjects((s) => s.currentProjectId) ?? undefined;
  return (
    <Card variant="borderless">
      <ReleaseLogList projectId={projectId} />
    </Card>
  );
}

import { Card } from 'antd';
import { MyApprovals } from '../../workflow/components/MyApprovals';
import { TaskList } from '../components/TaskList';

/** My tasks (menu ccms/task/mine): the approvals waiting for me, then my tasks. */
export default function MyTasksPage() {
  return (
    <Card variant="borderless">
      <MyApprovals />
      <TaskList mine />
    </Card>
  );
}

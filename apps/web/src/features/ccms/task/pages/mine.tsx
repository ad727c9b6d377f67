import { TaskList } from '../components/TaskList';

/** My tasks (menu component ccms/task/mine): assigned to me or written by me. */
export default function MyTaskPage() {
  return <TaskList mine />;
}

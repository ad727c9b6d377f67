import { TaskList } from '../components/TaskList';

/** Tasks of every visible project (menu component ccms/task/index). */
export default function TaskPage() {
  return <TaskList />;
}

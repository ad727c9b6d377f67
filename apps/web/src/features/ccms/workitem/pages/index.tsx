import { WorkItemArea } from '../components/WorkItemArea';
import '../workitem.css';

/** All work items (menu ccms/workitem/index): the work item area opened on its all tab. */
export default function WorkItemIndexPage() {
  return <WorkItemArea defaultTab="all" />;
}

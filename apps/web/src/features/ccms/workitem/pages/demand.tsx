import { WorkItemArea } from '../components/WorkItemArea';
import '../workitem.css';

/** Requirements (menu ccms/workitem/demand): the work item area opened on its requirement tab. */
export default function WorkItemDemandPage() {
  return <WorkItemArea defaultTab="requirement" />;
}

import { WorkItemArea } from '../components/WorkItemArea';
import '../workitem.css';

/** Defects (menu ccms/workitem/bug): the work item area opened on its defect tab. */
export default function WorkItemBugPage() {
  return <WorkItemArea defaultTab="defect" />;
}

import { PlanList } from '../components/PlanList';

/** Plans of every visible project (menu component ccms/plan/index). */
export default function PlanPage() {
  return <PlanList />;
}

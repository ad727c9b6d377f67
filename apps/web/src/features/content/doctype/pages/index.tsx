import { DoctypeList } from '../components/DoctypeList';

/** Document types (menu component ccms/doctype/index). */
export default function DoctypePage() {
  return <DoctypeList />;
}

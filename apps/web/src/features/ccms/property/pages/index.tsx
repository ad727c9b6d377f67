import { PropertyList } from '../components/PropertyList';

/** Properties (menu component ccms/property/index). */
export default function PropertyPage() {
  return <PropertyList />;
}

import { ReleaseList } from '../components/ReleaseList';

/** Releases of every visible project (menu component ccms/release/index). */
export default function ReleasePage() {
  return <ReleaseList />;
}

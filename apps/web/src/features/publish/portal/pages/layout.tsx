import { Outlet } from 'react-router';
import { PortalHeader } from '../components/PortalHeader';
import '../portal.css';

/** The portal shell: its own header and the page; no sidebar, admin menus or tags view. */
export default function PortalLayout() {
  return (
    <div className="portal">
      <PortalHeader />
      <div className="portal-body">
        <Outlet />
      </div>
    </div>
  );
}

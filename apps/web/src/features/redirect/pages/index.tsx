import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/<path>: re-opens <path> as a fresh page (the tag bar's refresh). */
export default function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${location.search}`;
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}

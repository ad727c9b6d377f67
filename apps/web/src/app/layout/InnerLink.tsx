import { useEffect, useState } from 'react';
import NotFound from '../../features/errors/pages/404';
import { useCurrentRoute } from '../../shared/route/use-route-meta';

/** Frame height: window height minus 94.5 (spec section 2). */
export const frameHeight = (windowHeight: number) => windowHeight - 94.5;

/** A menu link shown in an embedded frame; an empty link is the 404 page. */
export function InnerLink({ src }: { src: string }) {
  const [height, setHeight] = useState(() => frameHeight(window.innerHeight));
  useEffect(() => {
    const onResize = () => setHeight(frameHeight(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (!src) return <NotFound />;
  return <iframe title={src} src={src} className="inner-link-frame" style={{ height: `${height}px` }} />;
}

/** The InnerLink route's page: the link comes from the menu (route handle). */
export function InnerLinkPage() {
  const { handle } = useCurrentRoute();
  return <InnerLink src={handle?.link ?? ''} />;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { titleForPath } from '@shared/site-routes';

/** Scrolls to the top and updates the document title on every route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = titleForPath(pathname);
  }, [pathname]);
  return null;
}

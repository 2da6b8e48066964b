import { useEffect } from 'react';
import { useLocation } from '@/lib/router';

/** The navigation state that carries a scroll target (footer links, Abstract buttons). */
export interface ScrollState {
  section?: string;
}

/**
 * Scrolls to the element whose id came in navigation state (or the URL hash) once `ready`,
 * otherwise to the top of the page.
 */
export function useScrollToSection(ready = true) {
  const location = useLocation();
  const section = (location.state as ScrollState | null)?.section ?? (location.hash ? decodeURIComponent(location.hash.slice(1)) : '');
  useEffect(() => {
    if (!ready) return;
    const el = section ? document.getElementById(section) : null;
    if (el) {
      el.scrollIntoView({ block: 'start' });
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    } else window.scrollTo(0, 0);
  }, [ready, section, location.key]);
}

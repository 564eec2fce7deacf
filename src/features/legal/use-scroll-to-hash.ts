import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The page's anchor (the part after #), kept in step with the address. The content is drawn
 * after the page loads, so the browser's own jump to the anchor finds nothing: this scrolls to
 * it once it is there.
 */
export function useScrollToHash(): string {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(hash);
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView();
  }, [hash]);
  return hash;
}

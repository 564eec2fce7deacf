import { useEffect } from 'react';
import { PRODUCT_NAME } from './constants';

/** "<title> · Waveframe" for the browser tab and history. */
export function pageTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

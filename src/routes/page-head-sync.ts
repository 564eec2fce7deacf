// Keeps the page's address and description tags in step as the app moves between pages. The
// server sends each page with its own head (core/site/page-head.ts), but the app changes pages
// without asking it, and the service worker answers every navigation with the one shell it
// cached (the home page's head): without this, a browser's share sheet could name the wrong page.
// The title is each screen's own (usePageTitle).
import type { AnyRouter } from '@tanstack/react-router';
import { pageHeadFor, RELEASE_POST_ROUTE } from '../../core/site/page-head';

function setTag(
  doc: Document,
  selector: string,
  create: () => HTMLElement,
  attribute: string,
  value: string | null,
): void {
  let element = doc.head.querySelector(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    doc.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function setMeta(doc: Document, key: string, content: string | null): void {
  const attribute = key.startsWith('og:') ? 'property' : 'name';
  setTag(
    doc,
    `meta[${attribute}="${key}"]`,
    () => {
      const meta = doc.createElement('meta');
      meta.setAttribute(attribute, key);
      return meta;
    },
    'content',
    content,
  );
}

/** Puts the canonical link, robots, description and sharing tags of `pathname` in the head. */
export function applyPageHead(doc: Document, pathname: string, origin: string): void {
  const head = pageHeadFor(pathname, { baseUrl: origin, releases: [] });
  // Which release posts exist is the release screen's to say; their address is still known.
  const isPost = head.route?.path === RELEASE_POST_ROUTE;
  const indexable = isPost || head.indexable;
  const canonical = () => {
    const link = doc.createElement('link');
    link.rel = 'canonical';
    return link;
  };
  setTag(doc, 'link[rel="canonical"]', canonical, 'href', indexable ? head.url : null);
  setMeta(doc, 'robots', indexable ? null : 'noindex');
  setMeta(doc, 'og:url', head.url);
  if (isPost) return;
  setMeta(doc, 'description', head.description);
  setMeta(doc, 'og:title', head.pageTitle);
  setMeta(doc, 'og:description', head.description);
  setMeta(doc, 'og:type', head.ogType);
}

/** Applies each page's head tags once the router has moved to it. */
export function syncPageHead(router: AnyRouter): void {
  router.subscribe('onResolved', ({ toLocation }) => {
    applyPageHead(document, toLocation.pathname, window.location.origin);
  });
}

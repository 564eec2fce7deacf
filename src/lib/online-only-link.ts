// A link whose target needs the server (a download, a page that changes the plan): offline it
// goes nowhere and shows as disabled, beside a tooltip that says why (OFFLINE_ACTION).

export interface OnlineOnlyLinkProps {
  href?: string;
  'data-disabled'?: true;
  onClick?: (event: { preventDefault: () => void }) => void;
}

/** Props to spread on the link; `href` for a plain anchor, none for a router link. */
export function onlineOnlyLink(online: boolean, href?: string): OnlineOnlyLinkProps {
  if (online) return href === undefined ? {} : { href };
  return { 'data-disabled': true, onClick: (event) => event.preventDefault() };
}

// Ingress attribution (spec 3): where a visitor first came from, kept locally and sent at sign-up.

/** Attribution older than this many seconds is captured anew (spec 9: 7 days). */
export const ATTRIBUTION_MAX_AGE_SECONDS = 604_800;

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export interface IngressAttribution {
  /** Path of the first page of the visit, e.g. "/tools". */
  landingPage: string;
  /** The referring page's URL, or "" when there was none. */
  referrer: string;
  /** Query arguments of the landing page, e.g. { utm_source: "newsletter" }. */
  landingQueryArgs: Record<string, string>;
  /** When the visit was captured, in milliseconds since the Unix epoch. */
  initialVisitTs: number;
  deviceType: DeviceType;
  browserName: string;
}

/** What the browser tells about the current visit. */
export interface VisitContext {
  pathname: string;
  search: string;
  referrer: string;
  userAgent: string;
  nowMs: number;
}

/** True when there is no attribution yet or it is older than ATTRIBUTION_MAX_AGE_SECONDS. */
export function isAttributionStale(
  attribution: Pick<IngressAttribution, 'initialVisitTs'> | null | undefined,
  nowMs: number,
): boolean {
  if (!attribution || !Number.isFinite(attribution.initialVisitTs)) return true;
  return nowMs - attribution.initialVisitTs > ATTRIBUTION_MAX_AGE_SECONDS * 1000;
}

/** The kind of device a user-agent string describes. */
export function deviceTypeFromUserAgent(userAgent: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) {
    return 'mobile';
  }
  return 'desktop';
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/MSIE |Trident\//, 'Internet Explorer'],
];

/** The browser family a user-agent string names ("Chrome", "Firefox", ... or "Other"). */
export function browserNameFromUserAgent(userAgent: string): string {
  for (const [pattern, name] of BROWSERS) {
    if (pattern.test(userAgent)) return name;
  }
  return 'Other';
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** The query arguments of a search string ("?a=1&b=2") as an object; the first value of a key wins. */
export function queryArgsFromSearch(search: string): Record<string, string> {
  const args: Record<string, string> = {};
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeQueryPart(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeQueryPart(pair.slice(eq + 1));
    if (key && !(key in args)) args[key] = value;
  }
  return args;
}

/** The attribution of the current visit. */
export function captureAttribution(visit: VisitContext): IngressAttribution {
  return {
    landingPage: visit.pathname,
    referrer: visit.referrer,
    landingQueryArgs: queryArgsFromSearch(visit.search),
    initialVisitTs: visit.nowMs,
    deviceType: deviceTypeFromUserAgent(visit.userAgent),
    browserName: browserNameFromUserAgent(visit.userAgent),
  };
}

/** The stored attribution while it is fresh, else the attribution of this visit. */
export function refreshedAttribution(
  stored: IngressAttribution | null | undefined,
  visit: VisitContext,
): { attribution: IngressAttribution; changed: boolean } {
  if (stored && !isAttributionStale(stored, visit.nowMs)) {
    return { attribution: stored, changed: false };
  }
  return { attribution: captureAttribution(visit), changed: true };
}

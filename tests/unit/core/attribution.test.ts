import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MAX_AGE_SECONDS,
  browserNameFromUserAgent,
  captureAttribution,
  deviceTypeFromUserAgent,
  isAttributionStale,
  queryArgsFromSearch,
  refreshedAttribution,
} from '../../../core/attribution';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('deviceTypeFromUserAgent', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceTypeFromUserAgent(UA.chromeDesktop)).toBe('desktop');
    expect(deviceTypeFromUserAgent(UA.safariMac)).toBe('desktop');
    expect(deviceTypeFromUserAgent(UA.safariIphone)).toBe('mobile');
    expect(deviceTypeFromUserAgent(UA.androidPhone)).toBe('mobile');
    expect(deviceTypeFromUserAgent(UA.ipad)).toBe('tablet');
    expect(deviceTypeFromUserAgent(UA.androidTablet)).toBe('tablet');
  });
});

describe('browserNameFromUserAgent', () => {
  it('names the browser family', () => {
    expect(browserNameFromUserAgent(UA.chromeDesktop)).toBe('Chrome');
    expect(browserNameFromUserAgent(UA.headlessChrome)).toBe('Chrome');
    expect(browserNameFromUserAgent(UA.chromeIphone)).toBe('Chrome');
    expect(browserNameFromUserAgent(UA.firefoxDesktop)).toBe('Firefox');
    expect(browserNameFromUserAgent(UA.edge)).toBe('Edge');
    expect(browserNameFromUserAgent(UA.opera)).toBe('Opera');
    expect(browserNameFromUserAgent(UA.samsung)).toBe('Samsung Internet');
    expect(browserNameFromUserAgent(UA.safariIphone)).toBe('Safari');
    expect(browserNameFromUserAgent(UA.safariMac)).toBe('Safari');
    expect(browserNameFromUserAgent('curl/8.0')).toBe('Other');
  });
});

describe('isAttributionStale', () => {
  const now = 1_700_000_000_000;

  it('is stale when nothing is stored', () => {
    expect(isAttributionStale(null, now)).toBe(true);
    expect(isAttributionStale(undefined, now)).toBe(true);
  });

  it('is fresh up to 604800 seconds and stale after', () => {
    const maxAgeMs = ATTRIBUTION_MAX_AGE_SECONDS * 1000;
    expect(ATTRIBUTION_MAX_AGE_SECONDS).toBe(604_800);
    expect(isAttributionStale({ initialVisitTs: now }, now)).toBe(false);
    expect(isAttributionStale({ initialVisitTs: now - maxAgeMs }, now)).toBe(false);
    expect(isAttributionStale({ initialVisitTs: now - maxAgeMs - 1 }, now)).toBe(true);
  });

  it('is stale when the stored time is broken', () => {
    expect(isAttributionStale({ initialVisitTs: Number.NaN }, now)).toBe(true);
  });
});

describe('queryArgsFromSearch', () => {
  it('parses query arguments', () => {
    expect(queryArgsFromSearch('?utm_source=news+letter&ref=a%2Fb&flag')).toEqual({
      utm_source: 'news letter',
      ref: 'a/b',
      flag: '',
    });
    expect(queryArgsFromSearch('')).toEqual({});
    expect(queryArgsFromSearch('?a=1&a=2')).toEqual({ a: '1' });
    expect(queryArgsFromSearch('?bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' });
  });
});

describe('captureAttribution and refreshedAttribution', () => {
  const visit = {
    pathname: '/tools',
    search: '?utm_campaign=spring',
    referrer: 'https://search.example/',
    userAgent: UA.androidPhone,
    nowMs: 1_700_000_000_000,
  };

  it('captures the visit', () => {
    expect(captureAttribution(visit)).toEqual({
      landingPage: '/tools',
      referrer: 'https://search.example/',
      landingQueryArgs: { utm_campaign: 'spring' },
      initialVisitTs: 1_700_000_000_000,
      deviceType: 'mobile',
      browserName: 'Chrome',
    });
  });

  it('keeps fresh attribution and replaces stale attribution', () => {
    const stored = captureAttribution({ ...visit, pathname: '/' });
    const later = { ...visit, nowMs: visit.nowMs + 1000 };
    expect(refreshedAttribution(stored, later)).toEqual({ attribution: stored, changed: false });

    const muchLater = { ...visit, nowMs: visit.nowMs + (ATTRIBUTION_MAX_AGE_SECONDS + 1) * 1000 };
    const refreshed = refreshedAttribution(stored, muchLater);
    expect(refreshed.changed).toBe(true);
    expect(refreshed.attribution.landingPage).toBe('/tools');
    expect(refreshed.attribution.initialVisitTs).toBe(muchLater.nowMs);
  });

  it('captures on the first visit', () => {
    expect(refreshedAttribution(null, visit).changed).toBe(true);
  });
});

/** The European Union's member states (ISO 3166-1 alpha-2), for prices in EUR. */
export const EU_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export type Currency = 'EUR' | 'GBP' | 'USD';

const CURRENCIES: readonly string[] = ['EUR', 'GBP', 'USD'];

/** Whether a currency code (as an API or a provider gives it) is one the product prices in. */
export function isCurrency(code: unknown): code is Currency {
  return typeof code === 'string' && CURRENCIES.includes(code);
}

/** Spec section 9: EUR in the EU, GBP for GB, otherwise USD. */
export function currencyFor(countryCode: string | null): Currency {
  if (countryCode === 'GB') return 'GBP';
  if (countryCode && EU_COUNTRIES.has(countryCode)) return 'EUR';
  return 'USD';
}

/**
 * The visitor's country from their browser's language preferences (`Accept-Language`), the
 * first tag that names a region: `fr-FR,fr;q=0.9` is FR, `en-GB` is GB, `de` alone says nothing.
 * No outside service is asked; a visitor can always change what the region implies.
 */
export function countryFromAcceptLanguage(header: string | undefined | null): string | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const region = tag
      .split('-')
      .find((subtag, index) => index > 0 && /^[A-Za-z]{2}$/.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}

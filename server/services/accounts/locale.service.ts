import { countryFromAcceptLanguage, currencyFor, EU_COUNTRIES } from '../../../core/locale';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * POST /api/account/curr: the visitor's locale without any outside service, from the
 * browser's Accept-Language (the first tag with a region), else from `lang` if it has one.
 */
export function localeOf(acceptLanguage: string | undefined, lang: string | undefined) {
  const country = countryFromAcceptLanguage(acceptLanguage) ?? countryFromAcceptLanguage(lang);
  let countryName: string | null = null;
  try {
    countryName = country ? (regionNames.of(country) ?? null) : null;
  } catch {
    countryName = null;
  }
  return {
    is_eu: country !== null && EU_COUNTRIES.has(country),
    country_code: country,
    country_name: countryName,
    currency: currencyFor(country),
  };
}

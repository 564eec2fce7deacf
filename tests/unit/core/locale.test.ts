import { describe, expect, test } from 'vitest';
import { countryFromAcceptLanguage, currencyFor } from '../../../core/locale';

describe('currencyFor (spec section 9)', () => {
  test.each([
    ['FR', 'EUR'],
    ['DE', 'EUR'],
    ['IE', 'EUR'],
    ['GB', 'GBP'],
    ['US', 'USD'],
    ['CH', 'USD'],
    [null, 'USD'],
  ] as const)('%s pays in %s', (country, currency) => expect(currencyFor(country)).toBe(currency));
});

describe('countryFromAcceptLanguage', () => {
  test.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'FR'],
    ['en-GB', 'GB'],
    ['de', null],
    ['de;q=0.9,pt-BR;q=0.8', 'BR'],
    ['en;q=0.5,es-MX;q=0.9', 'MX'],
    ['zh-Hant-TW', 'TW'],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (header, country) => expect(countryFromAcceptLanguage(header)).toBe(country));
});

import { describe, expect, test } from 'vitest';
import { checkEmail, EMAIL_TYPOS, normalizeEmail } from '../../../core/email-check';

describe('checkEmail (spec section 5)', () => {
  test('an empty address: No Email Provided', () => {
    expect(checkEmail('')).toBe('No Email Provided');
  });

  test.each(['plain', 'a@b', 'a b@example.com', '@example.com', 'a@@example.com', 'a@example.'])(
    '%s: Invalid Email',
    (email) => expect(checkEmail(email)).toBe('Invalid Email'),
  );

  test.each([
    'fan@example.com',
    'first.last+tag@sub.example.co.uk',
    'x@example.community',
    'y@example.co.kr',
  ])('%s passes', (email) => expect(checkEmail(email)).toBeNull());

  test('the typo list is exactly the spec list', () => {
    expect(EMAIL_TYPOS).toEqual([
      '.con',
      '.ocm',
      '.comq',
      '.comm',
      '.comn',
      'gnail',
      'gmial',
      'gamil',
      'gmali',
      'gmaii',
      'gimil',
      '.c.uk',
      '.co.k',
      'iclod',
      'iclud',
      'hotamil',
      'hitmail',
      'htomail',
      'outloo',
    ]);
  });

  const typoAddresses: Record<string, string> = {
    '.con': 'fan@gmail.con',
    '.ocm': 'fan@yahoo.ocm',
    '.comq': 'fan@gmail.comq',
    '.comm': 'fan@gmail.comm',
    '.comn': 'fan@gmail.comn',
    gnail: 'fan@gnail.com',
    gmial: 'fan@gmial.com',
    gamil: 'fan@gamil.com',
    gmali: 'fan@gmali.com',
    gmaii: 'fan@gmaii.com',
    gimil: 'fan@gimil.com',
    '.c.uk': 'fan@btinternet.c.uk',
    '.co.k': 'fan@yahoo.co.k',
    iclod: 'fan@iclod.com',
    iclud: 'fan@iclud.com',
    hotamil: 'fan@hotamil.com',
    hitmail: 'fan@hitmail.com',
    htomail: 'fan@htomail.com',
    outloo: 'fan@outloo.com',
  };

  test.each(EMAIL_TYPOS.map((typo) => [typo, typoAddresses[typo]!]))(
    'typo %s (%s): Email contains typo',
    (_typo, email) => {
      expect(checkEmail(email)).toBe('Email contains typo');
    },
  );

  test('typos are found in any letter case', () => {
    expect(checkEmail('Fan@GMIAL.com')).toBe('Email contains typo');
  });

  test('normalizeEmail trims and lowercases', () => {
    expect(normalizeEmail('  Fan@Example.COM ')).toBe('fan@example.com');
  });
});

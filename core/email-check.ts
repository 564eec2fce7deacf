/** Domain fragments that are almost always a typo of a real provider (spec section 5). */
export const EMAIL_TYPOS = [
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
] as const;

export const EMAIL_MESSAGES = {
  empty: 'No Email Provided',
  invalid: 'Invalid Email',
  typo: 'Email contains typo',
} as const;

// One @, no spaces, a dot in the domain. Lenient on purpose: the typo list catches the rest.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** The shared e-mail check: null when fine, else the spec's message. */
export function checkEmail(email: string): string | null {
  if (email.length === 0) return EMAIL_MESSAGES.empty;
  if (!EMAIL_PATTERN.test(email)) return EMAIL_MESSAGES.invalid;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  // A dotted fragment counts only where its last label ends: '.comm' is a typo in 'x.comm'
  // but not in the real 'x.community', nor '.co.k' in 'x.co.kr'. Provider names (gnail…)
  // count wherever they appear.
  for (const typo of EMAIL_TYPOS) {
    const at = typo.startsWith('.') ? labelEndMatch(domain, typo) : domain.includes(typo);
    if (at) return EMAIL_MESSAGES.typo;
  }
  return null;
}

function labelEndMatch(domain: string, fragment: string): boolean {
  for (let at = domain.indexOf(fragment); at !== -1; at = domain.indexOf(fragment, at + 1)) {
    const after = domain[at + fragment.length];
    if (after === undefined || after === '.') return true;
  }
  return false;
}

/** How addresses are stored and compared: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

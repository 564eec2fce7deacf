// The shape of the help and legal texts: plain data, rendered by RichText and LegalDocument.
// Inside any text, [label](/path) is a link (internal paths stay in the app).

/** A paragraph, a bulleted list, or numbered steps. */
export type Block = string | { list: readonly string[] } | { steps: readonly string[] };

export interface DocumentSection {
  /** The anchor: /privacy#cookies. */
  id: string;
  heading: string;
  blocks: readonly Block[];
}

export interface LegalDocument {
  intro: readonly string[];
  sections: readonly DocumentSection[];
}

/** When the terms and the privacy policy last changed (ISO date). */
export const LAST_UPDATED = '2026-11-25';

/** 2026-11-25 -> "25 November 2026". */
export function formatDocumentDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

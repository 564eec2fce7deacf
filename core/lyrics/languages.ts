// The languages of lyrics (BCP 47 tags, as YouTube takes them for caption tracks): the ones the
// editor and the publish form offer, and the check of a tag typed or sent.

/** Languages offered for lyrics and their caption tracks, the most sung first. */
export const LYRICS_LANGUAGES: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Spanish' },
  { code: 'pt', label: 'Portuguese' },
  { code: 'fr', label: 'French' },
  { code: 'de', label: 'German' },
  { code: 'it', label: 'Italian' },
  { code: 'nl', label: 'Dutch' },
  { code: 'sv', label: 'Swedish' },
  { code: 'pl', label: 'Polish' },
  { code: 'tr', label: 'Turkish' },
  { code: 'ru', label: 'Russian' },
  { code: 'uk', label: 'Ukrainian' },
  { code: 'ar', label: 'Arabic' },
  { code: 'he', label: 'Hebrew' },
  { code: 'hi', label: 'Hindi' },
  { code: 'bn', label: 'Bengali' },
  { code: 'ja', label: 'Japanese' },
  { code: 'ko', label: 'Korean' },
  { code: 'zh-Hans', label: 'Chinese (Simplified)' },
  { code: 'zh-Hant', label: 'Chinese (Traditional)' },
  { code: 'id', label: 'Indonesian' },
  { code: 'vi', label: 'Vietnamese' },
  { code: 'th', label: 'Thai' },
  { code: 'sw', label: 'Swahili' },
  { code: 'yo', label: 'Yoruba' },
];

/** A well-formed BCP 47 tag (language, then script, region or variant subtags). */
export const isLanguageTag = (tag: string) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag);

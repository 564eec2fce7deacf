import { describe, expect, test } from 'vitest';
import {
  checkLyricsChoice,
  checkUploadConfig,
  descriptionWithLyrics,
  defaultUploadConfig,
  parseTags,
  tagsLength,
  utf8Length,
  type UploadConfig,
} from '../../../../core/publishing/upload-config';
import { isLanguageTag } from '../../../../core/lyrics/languages';

const NOW = new Date('2026-11-25T12:00:00Z');
const config = (changes: Partial<UploadConfig> = {}): UploadConfig => ({
  ...defaultUploadConfig('Night Drive', 'Night Drive\n\nMade with Waveframe.'),
  ...changes,
});

describe('checkUploadConfig', () => {
  test('the defaults pass', () => {
    expect(checkUploadConfig(config(), NOW)).toEqual({});
  });

  test('titles: needed, at most 100 characters, no angle brackets', () => {
    expect(checkUploadConfig(config({ title: '   ' }), NOW).title).toBe('Give the video a title.');
    expect(checkUploadConfig(config({ title: 'x'.repeat(100) }), NOW).title).toBeUndefined();
    expect(checkUploadConfig(config({ title: 'x'.repeat(101) }), NOW).title).toBe(
      'The title is 101 characters long; YouTube takes up to 100.',
    );
    expect(checkUploadConfig(config({ title: 'a <b>' }), NOW).title).toBe(
      'YouTube does not allow < or > in a title.',
    );
  });

  test('descriptions are counted in UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    expect(checkUploadConfig(config({ description: '€'.repeat(1666) }), NOW)).toEqual({});
    expect(checkUploadConfig(config({ description: '€'.repeat(1667) }), NOW).description).toBe(
      'The description is 5001 bytes long; YouTube takes up to 5000.',
    );
  });

  test('tags count as YouTube counts them: commas between, quotes around spaced tags', () => {
    expect(tagsLength([])).toBe(0);
    expect(tagsLength(['lofi', 'chill beats'])).toBe(4 + 1 + 11 + 2);
    expect(parseTags(' lofi, Chill  beats,,LOFI , synthwave ')).toEqual([
      'lofi',
      'Chill beats',
      'synthwave',
    ]);
    const many = Array.from({ length: 50 }, (_, i) => `tag${String(i).padStart(6, '0')}`);
    expect(tagsLength(many)).toBe(50 * 9 + 49);
    expect(checkUploadConfig(config({ tags: many }), NOW).tags).toBeUndefined();
    expect(checkUploadConfig(config({ tags: [...many, 'tag999999'] }), NOW).tags).toBe(
      'The tags come to 509 characters; YouTube takes up to 500.',
    );
    expect(checkUploadConfig(config({ tags: ['a<b'] }), NOW).tags).toBe(
      'Tags cannot contain <, > or commas.',
    );
  });

  test('a scheduled video must be private and in the future', () => {
    const later = '2026-11-26T12:00:00Z';
    expect(checkUploadConfig(config({ publish_at: later }), NOW)).toEqual({});
    expect(checkUploadConfig(config({ publish_at: later, privacy: 'public' }), NOW).privacy).toBe(
      'A scheduled video stays private until its publish time: choose Private to schedule it.',
    );
    expect(checkUploadConfig(config({ publish_at: '2026-11-25T11:00:00Z' }), NOW).publish_at).toBe(
      'Choose a publish time in the future.',
    );
    expect(checkUploadConfig(config({ publish_at: 'soon' }), NOW).publish_at).toBe(
      'Choose a valid date and time.',
    );
  });

  test('categories and thumbnails', () => {
    expect(checkUploadConfig(config({ category_id: '99' }), NOW).category_id).toBe(
      'Choose one of the categories.',
    );
    expect(
      checkUploadConfig(config({ thumbnail: { source: 'image', image_uuid: '' } }), NOW).thumbnail,
    ).toBe('Choose an image from your library for the thumbnail.');
  });

  test('the lyrics: a caption language that is a language tag', () => {
    const lyrics = (captions_language: string | null) => ({
      captions_language,
      in_description: false,
    });
    expect(checkUploadConfig(config({ lyrics: lyrics('ja') }), NOW)).toEqual({});
    expect(checkUploadConfig(config({ lyrics: lyrics('zh-Hant') }), NOW)).toEqual({});
    expect(checkUploadConfig(config({ lyrics: lyrics('Japanese') }), NOW).lyrics).toBe(
      'Choose the language of the lyrics for the captions.',
    );
    expect(['en', 'pt-BR', 'sr-Latn-RS'].every(isLanguageTag)).toBe(true);
    expect(['', 'e', 'en_US', 'english!'].some(isLanguageTag)).toBe(false);
  });
});

describe('checkLyricsChoice', () => {
  const withLyrics = (in_description: boolean, captions_language: string | null = null) =>
    config({ description: 'From the album Lumen.', lyrics: { captions_language, in_description } });

  test('nothing asked, nothing to check; asked of a video without lyrics, refused', () => {
    expect(checkLyricsChoice(config(), '')).toBeNull();
    expect(checkLyricsChoice(withLyrics(false, 'en'), '')).toBe(
      'This video shows no lyrics to publish.',
    );
    expect(checkLyricsChoice(withLyrics(true), 'la la')).toBeNull();
  });

  test('the description with the lyrics after it must fit in YouTube’s 5000 bytes', () => {
    expect(descriptionWithLyrics(' From the album Lumen. ', 'la\nla\n')).toBe(
      'From the album Lumen.\n\nla\nla',
    );
    expect(descriptionWithLyrics('', 'la')).toBe('la');
    // 21 bytes of description, 2 of blank lines, 4977 of lyrics: 5000 exactly.
    expect(checkLyricsChoice(withLyrics(true), 'x'.repeat(4977))).toBeNull();
    expect(checkLyricsChoice(withLyrics(true), 'x'.repeat(4978))).toBe(
      'With the lyrics, the description is 5001 bytes long; YouTube takes up to 5000. Shorten it, or leave the lyrics out of it.',
    );
    // Left out of the description, the lyrics do not count.
    expect(checkLyricsChoice(withLyrics(false, 'en'), 'x'.repeat(9000))).toBeNull();
  });
});

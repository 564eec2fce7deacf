// What a user chooses when publishing a video to YouTube, and YouTube's own rules for it,
// checked the same way in the form (as the user types) and on the server (before anything is
// queued). Limits are YouTube Data API v3's for videos.insert and thumbnails.set.

import { isLanguageTag } from '../lyrics/languages';

export const PRIVACY_LEVELS = ['private', 'unlisted', 'public'] as const;
export type Privacy = (typeof PRIVACY_LEVELS)[number];

export const TITLE_MAX_CHARS = 100;
export const DESCRIPTION_MAX_BYTES = 5000;
/** All tags together, counted as YouTube does: commas between, quotes around tags with spaces. */
export const TAGS_MAX_CHARS = 500;
/** thumbnails.set takes JPEG or PNG up to 2 MB. */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** YouTube's assignable video categories (videoCategories.list, region US), Music first. */
export const YOUTUBE_CATEGORIES: ReadonlyArray<{ id: string; label: string }> = [
  { id: '10', label: 'Music' },
  { id: '1', label: 'Film & Animation' },
  { id: '2', label: 'Autos & Vehicles' },
  { id: '15', label: 'Pets & Animals' },
  { id: '17', label: 'Sports' },
  { id: '19', label: 'Travel & Events' },
  { id: '20', label: 'Gaming' },
  { id: '22', label: 'People & Blogs' },
  { id: '23', label: 'Comedy' },
  { id: '24', label: 'Entertainment' },
  { id: '25', label: 'News & Politics' },
  { id: '26', label: 'Howto & Style' },
  { id: '27', label: 'Education' },
  { id: '28', label: 'Science & Technology' },
  { id: '29', label: 'Nonprofits & Activism' },
];
export const DEFAULT_CATEGORY_ID = '10';

export type ThumbnailChoice =
  { source: 'render' } | { source: 'image'; image_uuid: string } | { source: 'none' };

export interface UploadConfig {
  title: string;
  description: string;
  tags: string[];
  privacy: Privacy;
  /** ISO 8601 time the video goes public; only with privacy 'private' (YouTube's rule). */
  publish_at: string | null;
  category_id: string;
  made_for_kids: boolean;
  thumbnail: ThumbnailChoice;
  /** What goes to YouTube of the lyrics the video shows (issue 27). */
  lyrics: LyricsChoice;
}

export interface LyricsChoice {
  /** BCP 47 language of a caption track of the lyrics; null: no caption track. */
  captions_language: string | null;
  /** The lyrics as text after the description. */
  in_description: boolean;
}

export const NO_LYRICS: LyricsChoice = { captions_language: null, in_description: false };

/** The caption track's name on YouTube. */
export const CAPTIONS_NAME = 'Lyrics';

/** The description YouTube is sent: the user's, then the lyrics when they asked for them. */
export function descriptionWithLyrics(description: string, lyricsText: string): string {
  return [description.trim(), lyricsText.trim()].filter(Boolean).join('\n\n');
}

export type UploadConfigField = keyof UploadConfig;
/** The first problem of each field, for people. */
export type UploadConfigProblems = Partial<Record<UploadConfigField, string>>;

/** Bytes of the text in UTF-8 (YouTube counts the description in bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The tags' length as YouTube counts it against TAGS_MAX_CHARS. */
export function tagsLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  const each = tags.reduce((sum, tag) => sum + tag.length + (tag.includes(' ') ? 2 : 0), 0);
  return each + tags.length - 1;
}

/** Tags as typed in one box: split on commas, trimmed, empty and repeated ones dropped. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/**
 * The problems of an upload config, by field; empty when YouTube will take it. `now` is the
 * time a scheduled publish time must be after (passed in: core reads no clock).
 */
export function checkUploadConfig(config: UploadConfig, now: Date): UploadConfigProblems {
  const problems: UploadConfigProblems = {};
  const title = config.title.trim();
  if (!title) problems.title = 'Give the video a title.';
  else if (title.length > TITLE_MAX_CHARS)
    problems.title = `The title is ${title.length} characters long; YouTube takes up to ${TITLE_MAX_CHARS}.`;
  else if (/[<>]/.test(title)) problems.title = 'YouTube does not allow < or > in a title.';

  const descriptionBytes = utf8Length(config.description);
  if (descriptionBytes > DESCRIPTION_MAX_BYTES)
    problems.description = `The description is ${descriptionBytes} bytes long; YouTube takes up to ${DESCRIPTION_MAX_BYTES}.`;
  else if (/[<>]/.test(config.description))
    problems.description = 'YouTube does not allow < or > in a description.';

  const tagLength = tagsLength(config.tags);
  if (config.tags.some((tag) => /[<>,]/.test(tag)))
    problems.tags = 'Tags cannot contain <, > or commas.';
  else if (tagLength > TAGS_MAX_CHARS)
    problems.tags = `The tags come to ${tagLength} characters; YouTube takes up to ${TAGS_MAX_CHARS}.`;

  if (!PRIVACY_LEVELS.includes(config.privacy))
    problems.privacy = 'Choose private, unlisted or public.';

  if (config.publish_at !== null) {
    const at = new Date(config.publish_at);
    if (Number.isNaN(at.getTime())) problems.publish_at = 'Choose a valid date and time.';
    else if (at.getTime() <= now.getTime() + 60_000)
      problems.publish_at = 'Choose a publish time in the future.';
    else if (config.privacy !== 'private')
      problems.privacy =
        'A scheduled video stays private until its publish time: choose Private to schedule it.';
  }

  if (!YOUTUBE_CATEGORIES.some((category) => category.id === config.category_id))
    problems.category_id = 'Choose one of the categories.';

  if (config.thumbnail.source === 'image' && !config.thumbnail.image_uuid)
    problems.thumbnail = 'Choose an image from your library for the thumbnail.';

  const language = config.lyrics.captions_language;
  if (language !== null && !isLanguageTag(language))
    problems.lyrics = 'Choose the language of the lyrics for the captions.';

  return problems;
}

/**
 * The problem of publishing the lyrics with this config (the description with them too long),
 * or null; `lyricsText` is the lyrics as text, '' when the video shows none.
 */
export function checkLyricsChoice(config: UploadConfig, lyricsText: string): string | null {
  const wanted = config.lyrics.captions_language !== null || config.lyrics.in_description;
  if (wanted && !lyricsText) return 'This video shows no lyrics to publish.';
  if (!config.lyrics.in_description) return null;
  const bytes = utf8Length(descriptionWithLyrics(config.description, lyricsText));
  if (bytes > DESCRIPTION_MAX_BYTES)
    return `With the lyrics, the description is ${bytes} bytes long; YouTube takes up to ${DESCRIPTION_MAX_BYTES}. Shorten it, or leave the lyrics out of it.`;
  return null;
}

/** The form's starting point for a video with this suggested title and description. */
export function defaultUploadConfig(title: string, description: string): UploadConfig {
  return {
    title: title.slice(0, TITLE_MAX_CHARS),
    description,
    tags: [],
    privacy: 'private',
    publish_at: null,
    category_id: DEFAULT_CATEGORY_ID,
    made_for_kids: false,
    thumbnail: { source: 'render' },
    lyrics: NO_LYRICS,
  };
}

/** Where a published video lives on YouTube. */
export const youtubeWatchUrl = (videoId: string) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** A channel's page on YouTube. */
export const youtubeChannelUrl = (channelId: string) =>
  `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;

/** The channel messages of spec 8. */
export const CHANNEL_MESSAGES = {
  disconnected: (channelTitle: string) => `Disconnected Channel: ${channelTitle}`,
  problemDisconnecting: 'Problem Disconnecting Channel',
} as const;

// The publish form's fields as typed, and the upload config they make (core's UploadConfig),
// checked with core's checkUploadConfig as the user types.
import {
  checkUploadConfig,
  defaultUploadConfig,
  parseTags,
  type Privacy,
  type UploadConfig,
  type UploadConfigProblems,
} from '../../../core/publishing/upload-config';
import type { LibraryImage } from '../../api/media';
import { USER_STORAGE_PREFIX } from '../../db/clear-user-data';
import type { LinkedChannel, PublishTarget } from '../../api/publishing';

export type ThumbnailSource = 'render' | 'image' | 'none';

export interface UploadFormState {
  channelId: string | null;
  title: string;
  description: string;
  /** Tags as typed: one box, comma separated. */
  tagsText: string;
  privacy: Privacy;
  schedule: boolean;
  /** The datetime-local input's value (local time, "2026-05-01T18:30"), or ''. */
  publishAtLocal: string;
  categoryId: string;
  madeForKids: boolean;
  thumbnailSource: ThumbnailSource;
  thumbnailImage: LibraryImage | null;
  /** The lyrics the video shows as a YouTube caption track, in captionsLanguage. */
  captions: boolean;
  captionsLanguage: string;
  lyricsInDescription: boolean;
}

export type FormField = keyof UploadConfig | 'channel';
export type FormProblems = UploadConfigProblems & { channel?: string };

export function initialFormState(
  target: Pick<PublishTarget, 'suggested_title' | 'suggested_description' | 'lyrics'>,
  channels: readonly LinkedChannel[],
): UploadFormState {
  const config = defaultUploadConfig(target.suggested_title, target.suggested_description);
  return {
    channelId: channels[0]?.channel_id ?? null,
    title: config.title,
    description: config.description,
    tagsText: config.tags.join(', '),
    privacy: config.privacy,
    schedule: false,
    publishAtLocal: '',
    categoryId: config.category_id,
    madeForKids: config.made_for_kids,
    thumbnailSource: 'render',
    thumbnailImage: null,
    // A video with lyrics publishes them as captions unless the user says otherwise.
    captions: target.lyrics !== null,
    captionsLanguage: target.lyrics?.language ?? 'en',
    lyricsInDescription: false,
  };
}

/** The scheduled time as ISO 8601; '' when not a time (core then asks for a valid one). */
function publishAtOf(local: string): string {
  if (!local) return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

export function uploadConfigOf(form: UploadFormState): UploadConfig {
  return {
    title: form.title.trim(),
    description: form.description,
    tags: parseTags(form.tagsText),
    privacy: form.privacy,
    publish_at: form.schedule ? publishAtOf(form.publishAtLocal) : null,
    category_id: form.categoryId,
    made_for_kids: form.madeForKids,
    thumbnail:
      form.thumbnailSource === 'image'
        ? { source: 'image', image_uuid: form.thumbnailImage?.image_uuid ?? '' }
        : { source: form.thumbnailSource },
    lyrics: {
      captions_language: form.captions ? form.captionsLanguage : null,
      in_description: form.lyricsInDescription,
    },
  };
}

/** Every problem of the form, by field: core's rules, and a channel to publish to. */
export function formProblems(form: UploadFormState, now: Date): FormProblems {
  const problems: FormProblems = checkUploadConfig(uploadConfigOf(form), now);
  if (!form.channelId) problems.channel = 'Choose the channel to publish to.';
  return problems;
}

/** A datetime-local value for `date` in the browser's time zone ("2026-05-01T18:30"). */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

const draftKey = (targetUuid: string) => `${USER_STORAGE_PREFIX}.publish-draft.${targetUuid}`;

/** Keeps the form in this tab while the user is away at Google's consent screen. */
export function keepDraft(targetUuid: string, form: UploadFormState): void {
  try {
    window.sessionStorage.setItem(draftKey(targetUuid), JSON.stringify(form));
  } catch {
    // Storage refused (private mode): the form then starts afresh on return.
  }
}

/** The form kept for this video, taken (read and forgotten), or null. */
export function takeDraft(targetUuid: string): UploadFormState | null {
  try {
    const text = window.sessionStorage.getItem(draftKey(targetUuid));
    window.sessionStorage.removeItem(draftKey(targetUuid));
    return text ? (JSON.parse(text) as UploadFormState) : null;
  } catch {
    return null;
  }
}

// The kit's title, artist and cover: they start from what the library knows about the chosen
// track (the title and artists of its tags, its artwork), and each can be changed. A field the
// user changed stays when another track is picked; the others follow the track.
import type { LibraryAudio } from '../../api/media';
import { trackTitle } from '../../lib/format';

export interface KitRelease {
  title: string;
  artist: string;
  /** The album-art picture's id; null for none. */
  coverId: string | null;
}

export type KitReleaseField = keyof KitRelease;

/** Where the details come from: a track of the library, a file of this device, or none yet. */
export type ReleaseSource =
  | {
      kind: 'library';
      audio: Pick<LibraryAudio, 'title' | 'file_name' | 'artists' | 'artwork_image_uuid'>;
    }
  | { kind: 'local'; fileName: string }
  | { kind: 'none' };

export interface KitReleaseState {
  /** The track the unchanged fields were taken from. */
  trackKey: string;
  release: KitRelease;
  /** The fields the user changed. */
  edited: readonly KitReleaseField[];
}

const EMPTY: KitRelease = { title: '', artist: '', coverId: null };

/** What the library knows of the track for its kit (a file of this device: its name). */
export function releaseOfTrack(source: ReleaseSource): KitRelease {
  if (source.kind === 'library') {
    const { audio } = source;
    return {
      title: trackTitle(audio),
      artist: audio.artists?.trim() ?? '',
      coverId: audio.artwork_image_uuid,
    };
  }
  if (source.kind === 'local') {
    return { ...EMPTY, title: source.fileName.replace(/\.[^.]*$/, '') || source.fileName };
  }
  return EMPTY;
}

export function initialRelease(trackKey: string, source: ReleaseSource): KitReleaseState {
  return { trackKey, release: releaseOfTrack(source), edited: [] };
}

/** Another track: the fields the user did not change take its details. */
export function followTrack(
  state: KitReleaseState,
  trackKey: string,
  source: ReleaseSource,
): KitReleaseState {
  if (state.trackKey === trackKey) return state;
  const fresh = releaseOfTrack(source);
  const release = { ...fresh };
  for (const field of state.edited) Object.assign(release, { [field]: state.release[field] });
  return { trackKey, release, edited: state.edited };
}

/** The user changes one field: it stays as they leave it. */
export function editRelease<F extends KitReleaseField>(
  state: KitReleaseState,
  field: F,
  value: KitRelease[F],
): KitReleaseState {
  return {
    ...state,
    release: { ...state.release, [field]: value },
    edited: state.edited.includes(field) ? state.edited : [...state.edited, field],
  };
}

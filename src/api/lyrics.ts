// The lyrics calls of a track (issue 27), one function each, shaped as core/lyrics/api-types.ts.
import type {
  GetAudioLyricsResponse,
  ResolveAudioLyricsRequest,
  TrackLyrics,
  UpdateAudioLyricsRequest,
  UpdateAudioLyricsResponse,
} from '../../core/lyrics/api-types';
import { api } from './client';

/** The track's saved lyrics, or null when it has none. */
export async function fetchTrackLyrics(audioId: string): Promise<TrackLyrics | null> {
  return (await api.post<GetAudioLyricsResponse>('/api/audio/get-audio-lyrics', { audioId }))
    .lyrics;
}

/** Saves lyrics edited from `baseRevision`; the answer carries the new revision and any conflict. */
export async function saveTrackLyrics(request: UpdateAudioLyricsRequest): Promise<TrackLyrics> {
  return (await api.post<UpdateAudioLyricsResponse>('/api/audio/audio-lyrics-update', request))
    .lyrics;
}

/** Ends a conflict, keeping the saved version or bringing back the replaced one. */
export async function resolveTrackLyrics(request: ResolveAudioLyricsRequest): Promise<TrackLyrics> {
  return (await api.post<UpdateAudioLyricsResponse>('/api/audio/audio-lyrics-resolve', request))
    .lyrics;
}

export async function deleteTrackLyrics(audioId: string): Promise<boolean> {
  return (await api.delete<{ deleted: boolean }>('/api/audio/delete-audio-lyrics', { audioId }))
    .deleted;
}

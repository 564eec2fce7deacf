// A track's lyrics (issue 27): read, saved (the last edit wins per track; the version a save
// from an older revision replaced is kept as the conflict until the user picks one), resolved
// and removed. The lines are checked here as they are on the device: in order, in the track.

import { z } from 'zod';
import type { TrackLyrics } from '../../../core/lyrics/api-types';
import { isLanguageTag } from '../../../core/lyrics/languages';
import {
  LYRICS_LINE_MAX_CHARS,
  LYRICS_MAX_BYTES,
  LYRICS_MAX_LINES,
  type Lyrics,
} from '../../../core/lyrics/lyrics';
import { AppError, invalidData } from '../../errors/app-error';
import {
  deleteLyrics,
  findLyrics,
  lockLyrics,
  upsertLyrics,
  type LyricsRow,
} from '../../repositories/lyrics.repository';
import type { UserRow } from '../../repositories/users.repository';
import { requireAudio } from './audio-uploads.service';
import type { MediaContext } from './images.service';

const seconds = z
  .number()
  .min(0)
  .max(24 * 3600);
const wordSchema = z.object({
  text: z.string().max(LYRICS_LINE_MAX_CHARS),
  startSeconds: seconds,
  endSeconds: seconds.nullable(),
});
export const lyricsSchema = z.object({
  lines: z
    .array(
      z.object({
        text: z.string().max(LYRICS_LINE_MAX_CHARS, {
          error: `A line can be up to ${LYRICS_LINE_MAX_CHARS} characters long`,
        }),
        startSeconds: seconds.nullable(),
        endSeconds: seconds.nullable(),
        words: z.array(wordSchema).max(200).nullable(),
        section: z.number().int().min(0).max(LYRICS_MAX_LINES),
        sectionLabel: z.string().min(1).max(LYRICS_LINE_MAX_CHARS).optional(),
      }),
    )
    .max(LYRICS_MAX_LINES, { error: `Lyrics can have up to ${LYRICS_MAX_LINES} lines` }),
  language: z
    .string()
    .max(35)
    .refine(isLanguageTag, { error: 'language must be a language tag such as en or pt-BR' })
    .nullable(),
});

/**
 * What a device may not save: lines out of order, an end before its start, words outside their
 * line or out of order, and more text than a lyrics file may hold. The message names the line
 * (1-based, as the editor numbers them).
 */
export function checkLyrics(lyrics: Lyrics): void {
  if (new TextEncoder().encode(JSON.stringify(lyrics)).length > LYRICS_MAX_BYTES * 4)
    throw invalidData('These lyrics are too long to keep.');
  let previous: number | null = null;
  lyrics.lines.forEach((line, i) => {
    const n = i + 1;
    const { startSeconds: start, endSeconds: end } = line;
    if (start === null) {
      if (end !== null || line.words?.length)
        throw invalidData(`Line ${n} has an end or words but no start`);
      return;
    }
    if (previous !== null && start < previous)
      throw invalidData(`Line ${n} starts before the line above it`);
    if (end !== null && end <= start) throw invalidData(`Line ${n} ends before it starts`);
    let wordStart = start;
    for (const word of line.words ?? []) {
      if (word.startSeconds < wordStart - 0.001 || (end !== null && word.startSeconds > end))
        throw invalidData(`Line ${n} has a word out of its order or outside the line`);
      wordStart = word.startSeconds;
    }
    previous = start;
  });
}

export function lyricsView(audioUuid: string, row: LyricsRow): TrackLyrics {
  return {
    audioId: audioUuid,
    lyrics: row.lyrics,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    conflict: row.conflict,
  };
}

/** The track's lyrics (404 for another user's track), or null when it has none. */
export async function getLyrics(
  context: MediaContext,
  user: UserRow,
  audioId: string,
): Promise<TrackLyrics | null> {
  const audio = await requireAudio(context, user, audioId);
  const row = await findLyrics(context.db, audio.audioUuid);
  return row ? lyricsView(audio.audioUuid, row) : null;
}

/**
 * Saves the lyrics. A save from the revision the server holds simply replaces it. A save from an
 * older one (an edit made offline on another device meanwhile) still wins, and the version it
 * replaced becomes the conflict, for the user to keep or bring back. A save from a revision the
 * server never had is refused (409), so a stale client cannot skip ahead.
 */
export async function saveLyrics(
  context: MediaContext,
  user: UserRow,
  input: { audioId: string; lyrics: Lyrics; baseRevision: number },
): Promise<TrackLyrics> {
  const audio = await requireAudio(context, user, input.audioId);
  checkLyrics(input.lyrics);
  const row = await context.db.transaction(async (tx) => {
    const current = await lockLyrics(tx, audio.audioUuid);
    const revision = current?.revision ?? 0;
    if (input.baseRevision > revision)
      throw new AppError(
        409,
        'LyricsRevisionUnknown',
        'These lyrics were saved from a version this server does not have: reload them.',
      );
    const replaced = current && input.baseRevision < revision;
    return upsertLyrics(tx, {
      audioUuid: audio.audioUuid,
      userUuid: user.userUuid,
      lyrics: input.lyrics,
      revision: revision + 1,
      conflict: replaced
        ? { lyrics: current.lyrics, updatedAt: current.updatedAt.toISOString() }
        : (current?.conflict ?? null),
    });
  });
  return lyricsView(audio.audioUuid, row);
}

/** Ends a conflict: keeps the saved version, or brings back the one it replaced. */
export async function resolveLyrics(
  context: MediaContext,
  user: UserRow,
  input: { audioId: string; keep: 'saved' | 'replaced' },
): Promise<TrackLyrics> {
  const audio = await requireAudio(context, user, input.audioId);
  const row = await context.db.transaction(async (tx) => {
    const current = await lockLyrics(tx, audio.audioUuid);
    if (!current?.conflict)
      throw new AppError(
        409,
        'NoLyricsConflict',
        'These lyrics have no other version to choose from.',
      );
    return upsertLyrics(tx, {
      audioUuid: audio.audioUuid,
      userUuid: user.userUuid,
      lyrics: input.keep === 'replaced' ? current.conflict.lyrics : current.lyrics,
      revision: current.revision + 1,
      conflict: null,
    });
  });
  return lyricsView(audio.audioUuid, row);
}

export async function removeLyrics(
  context: MediaContext,
  user: UserRow,
  audioId: string,
): Promise<boolean> {
  const audio = await requireAudio(context, user, audioId);
  return deleteLyrics(context.db, audio.audioUuid);
}

import Dexie, { type EntityTable } from 'dexie';
import type { IngressAttribution } from '../../core/attribution';
import type {
  AudioAnalysisRow,
  CachedAudioRow,
  CachedImageRow,
  LibraryMetaRow,
  UploadRow,
} from './media-tables';
import type { ParticleDesignRow } from './particle-designs';
import type { TrackLyricsRow } from './lyrics-table';
import type { CachedRenderRow, RenderMetaRow } from './render-tables';
import type { SavedAnswerKey, SavedAnswerRow } from './saved-answers';

/** The one attribution row; its key is always ATTRIBUTION_KEY. */
export interface AttributionRow extends IngressAttribution {
  key: string;
}

export const ATTRIBUTION_KEY = 'ingress';
export const DATABASE_NAME = 'waveframe';

/**
 * The browser database. Every schema change adds a new `version(n)` below the last one (never edit
 * an old version), so browsers that hold an older schema upgrade in place.
 */
export class WaveframeDatabase extends Dexie {
  declare attribution: EntityTable<AttributionRow, 'key'>;
  /** The upload queue, files included (version 2); each row with its owner (version 7). */
  declare uploadQueue: EntityTable<UploadRow, 'id'>;
  /** The media library as last seen from the server (version 2). */
  declare libraryImages: EntityTable<CachedImageRow, 'image_uuid'>;
  declare libraryAudios: EntityTable<CachedAudioRow, 'audio_uuid'>;
  declare libraryMeta: EntityTable<LibraryMetaRow, 'key'>;
  declare audioAnalyses: EntityTable<AudioAnalysisRow, 'audio_uuid'>;
  /** Rendered videos of both kinds as last seen from the server (version 3). */
  declare renders: EntityTable<CachedRenderRow, 'key'>;
  declare renderMeta: EntityTable<RenderMetaRow, 'key'>;
  /** Particle designs saved in the editor on this device (version 4). */
  declare particleDesigns: EntityTable<ParticleDesignRow, 'id'>;
  /** The server's last answer of each list shown whole: videos, YouTube, the plan (version 5). */
  declare savedAnswers: EntityTable<SavedAnswerRow<SavedAnswerKey>, 'key'>;
  /** Each track's lyrics as this device holds them, edits not yet sent included (version 6). */
  declare trackLyrics: EntityTable<TrackLyricsRow, 'audioId'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores({ attribution: 'key' });
    this.version(2).stores({
      uploadQueue: 'id, createdAt',
      libraryImages: 'image_uuid',
      libraryAudios: 'audio_uuid',
      libraryMeta: 'key',
      audioAnalyses: 'audio_uuid',
    });
    this.version(3).stores({ renders: 'key, kind', renderMeta: 'key' });
    this.version(4).stores({ particleDesigns: 'id, updatedAt' });
    this.version(5).stores({ savedAnswers: 'key' });
    this.version(6).stores({ trackLyrics: 'audioId' });
    // Queued files carry their owner, so none goes up under another account's session. Who
    // queued the rows already here cannot be told from the worker (where this upgrade may run):
    // they get no owner, are never sent as they are, and the page settles them at the next
    // sign-in (db/upload-owners.ts).
    this.version(7)
      .stores({ uploadQueue: 'id, createdAt' })
      .upgrade((tx) =>
        tx
          .table('uploadQueue')
          .toCollection()
          .modify((row: { ownerId?: string | null }) => {
            if (row.ownerId === undefined) row.ownerId = null;
          }),
      );
  }
}

let shared: WaveframeDatabase | null = null;

/** The app's database, opened on first use. */
export function getDatabase(): WaveframeDatabase {
  shared ??= new WaveframeDatabase();
  return shared;
}

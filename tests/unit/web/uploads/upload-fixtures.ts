import type { LibraryAudio, LibraryImage } from '../../../../src/api/media';
import type { UploadRow } from '../../../../src/db/media-tables';
import { applyUploadEvent } from '../../../../src/features/uploads/upload-machine';
import type { UploadStore } from '../../../../src/features/uploads/upload-store';

/** Who queued the fixtures' rows: the signed-in user of the tests' sessions (SAMPLE_USER). */
export const ROW_OWNER = 'user-1';

export function uploadRow(overrides: Partial<UploadRow> = {}): UploadRow {
  return {
    id: 'u1',
    ownerId: ROW_OWNER,
    kind: 'audio',
    state: 'queued',
    file: new Blob([new Uint8Array(1000)]),
    fileName: 'My Song.mp3',
    fileSize: 1000,
    mimetype: 'audio/mpeg',
    durationSeconds: 30,
    imageType: null,
    imageName: null,
    bytesSent: 0,
    percent: 0,
    speedBytesPerSecond: null,
    error: null,
    serverId: null,
    uploadUrl: null,
    attempts: 0,
    retryAt: null,
    note: null,
    createdAt: 1000,
    updatedAt: 1000,
    ...overrides,
  };
}

export function libraryAudio(overrides: Partial<LibraryAudio> = {}): LibraryAudio {
  return {
    audio_uuid: 'a1',
    file_name: 'My Song.mp3',
    file_size: 1000,
    mimetype: 'audio/mpeg',
    duration_seconds: 30,
    core_processing_status: 'PROGRESSING',
    marketplace_processing_status: null,
    marketplace_asset: false,
    title: null,
    artists: null,
    album: null,
    artwork_image_uuid: null,
    artwork_path: null,
    playable_path: null,
    analysis_path: null,
    error: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function libraryImage(overrides: Partial<LibraryImage> = {}): LibraryImage {
  return {
    image_uuid: 'i1',
    image_name: 'cover',
    image_type: 'album_art',
    image_path: null,
    thumbnail_path: null,
    favorite: false,
    status: 'PENDING',
    error: null,
    width: 1000,
    height: 1000,
    mimetype: 'image/jpeg',
    file_size: 5000,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The queue in memory, applying events with the real state machine. */
export function memoryUploadStore(now: () => number = () => 2000): UploadStore & {
  rows: Map<string, UploadRow>;
} {
  const rows = new Map<string, UploadRow>();
  return {
    rows,
    list: async () => [...rows.values()].sort((a, b) => a.createdAt - b.createdAt),
    get: async (id) => rows.get(id),
    async add(added) {
      for (const row of added) rows.set(row.id, row);
    },
    async apply(id, event) {
      const row = rows.get(id);
      if (!row) return null;
      const next = applyUploadEvent(row, event, now());
      if (next) rows.set(id, next);
      return next;
    },
    async remove(id) {
      rows.delete(id);
    },
  };
}

/** Timers that run only when the test says so. */
export function manualTimers() {
  let nextId = 0;
  const pending = new Map<number, { run: () => void; ms: number }>();
  return {
    setTimer(run: () => void, ms: number) {
      const id = nextId++;
      pending.set(id, { run, ms });
      return () => {
        pending.delete(id);
      };
    },
    /** Delays of the timers waiting now. */
    delays: () => [...pending.values()].map((timer) => timer.ms),
    /** Runs every waiting timer (those they set wait for the next call). */
    runAll() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) timer.run();
    },
    count: () => pending.size,
  };
}

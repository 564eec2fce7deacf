// Rows of the rendered-video tables (schema version 3 of database.ts): the user's visualizers and
// single-frame videos as last seen from the server, so the lists open offline. They hold the
// signed-in user's data, so a logout empties them with the other user tables.
import type { UploadEntry } from '../../core/publishing/api-types';
import type { RenderInfo, StaticUploadStatus } from '../../core/render/api-types';

export type RenderKind = 'visualizer' | 'single-frame' | 'canvas' | 'particles';

/** Where a render stands, for both kinds: the server's own words are kept in serverStatus. */
export type RenderPhase = 'rendering' | 'ready' | 'failed' | 'not-found';

/** One render of either kind; key is `${kind}:${upload_uuid}`. */
export interface CachedRenderRow {
  key: string;
  kind: RenderKind;
  upload_uuid: string;
  phase: RenderPhase;
  /** The server's status: IN-PROGRESS, COMPLETE, FAILED, RENDERING, VIDEO READY, RENDER FAILED. */
  serverStatus: string;
  /** 0..100 while rendering. */
  percent_complete: number;
  time_remaining: number | null;
  time_remaining_hr: string;
  info: RenderInfo;
  created_at: string;
  /** Single-frame videos: the upload side (spec 4), as last answered. */
  upload_status?: StaticUploadStatus;
  /**
   * Single-frame videos: the newest YouTube upload, as the list last answered it (status answers
   * do not carry it; undefined until a list has).
   */
  yt_upload?: UploadEntry | null;
}

/** When a kind's list was last fetched in full from the server. */
export interface RenderMetaRow {
  key: RenderKind;
  fetchedAt: number;
}

import { describe, expect, it } from 'vitest';
import { isStaticVideoFinished, isVisualizerFinished } from '../../../../src/api/renders';
import {
  RENDER_POLL_INTERVAL_MS,
  staticPhase,
  staticVideoRow,
  visualizerPhase,
  visualizerProgress,
} from '../../../../src/features/renders/render-kinds';
import {
  nextRenderPollDelay,
  RENDER_RATE_LIMITED_RETRY_MS,
} from '../../../../src/features/renders/render-rules';
import { staticVideo, vizProgress } from './render-fixtures';

describe('render polling rules (spec 8, 9)', () => {
  it('polls every 5 s while something renders, and stops when all is finished', () => {
    expect(RENDER_POLL_INTERVAL_MS).toBe(5000);
    expect(nextRenderPollDelay({ kind: 'answered', stillRendering: 2 })).toBe(5000);
    expect(nextRenderPollDelay({ kind: 'answered', stillRendering: 0 })).toBeNull();
    expect(nextRenderPollDelay({ kind: 'idle' })).toBeNull();
  });

  it('retries a 429 after 5 s, waits for the connection when offline', () => {
    expect(RENDER_RATE_LIMITED_RETRY_MS).toBe(5000);
    expect(nextRenderPollDelay({ kind: 'failed', status: 429 })).toBe(5000);
    expect(nextRenderPollDelay({ kind: 'failed', status: 0 })).toBeNull();
    expect(nextRenderPollDelay({ kind: 'failed', status: 502 })).toBe(5000);
  });
});

describe('render states (spec 4)', () => {
  it('maps visualizer statuses; COMPLETE, FAILED and NotFound are final', () => {
    expect(visualizerPhase('IN-PROGRESS')).toBe('rendering');
    expect(visualizerPhase('COMPLETE')).toBe('ready');
    expect(visualizerPhase('FAILED')).toBe('failed');
    expect(visualizerPhase('NotFound')).toBe('not-found');
    expect(isVisualizerFinished('IN-PROGRESS')).toBe(false);
    expect(isVisualizerFinished('COMPLETE')).toBe(true);
  });

  it('ends a single-frame task only when render and upload sides are both terminal', () => {
    expect(staticPhase('RENDERING')).toBe('rendering');
    expect(staticPhase('VIDEO READY')).toBe('ready');
    expect(staticPhase('RENDER FAILED')).toBe('failed');
    expect(isStaticVideoFinished('VIDEO READY', 'NO UPLOAD')).toBe(true);
    expect(isStaticVideoFinished('VIDEO READY', 'UPLOADING')).toBe(false);
    expect(isStaticVideoFinished('RENDERING', 'NO UPLOAD')).toBe(false);
    expect(isStaticVideoFinished('RENDER FAILED', 'UPLOAD FAILED')).toBe(true);
  });

  it('keeps progress and details of an answer', () => {
    const progress = visualizerProgress(vizProgress('IN-PROGRESS', 42.7));
    expect(progress.phase).toBe('rendering');
    expect(progress.row?.percent_complete).toBe(42.7);
    expect(progress.row?.time_remaining_hr).toBe('About 2 minutes left');
    expect(visualizerProgress(vizProgress('NotFound', 0)).row).toBeNull();
    const row = staticVideoRow(staticVideo({ render_status: 'VIDEO READY' }));
    expect(row.key).toBe(`single-frame:${row.upload_uuid}`);
    expect(row.phase).toBe('ready');
    expect(row.percent_complete).toBe(100);
  });
});

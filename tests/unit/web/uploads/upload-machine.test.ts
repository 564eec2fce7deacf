import { describe, expect, it } from 'vitest';
import {
  applyUploadEvent,
  canCancel,
  canRetry,
  isUnfinished,
  type UploadEvent,
} from '../../../../src/features/uploads/upload-machine';
import type { UploadRow } from '../../../../src/db/media-tables';
import { uploadRow } from './upload-fixtures';

function run(row: UploadRow, ...events: UploadEvent[]): UploadRow | null {
  let current: UploadRow | null = row;
  for (const event of events) {
    if (!current) return null;
    current = applyUploadEvent(current, event, 5000);
  }
  return current;
}

describe('the upload state machine', () => {
  it('queued → uploading → processing → done, with percent, speed and the server id', () => {
    const uploading = run(uploadRow(), { type: 'start' })!;
    expect(uploading.state).toBe('uploading');
    const drafted = run(uploading, { type: 'draft', serverId: 'a1', uploadUrl: '/up/a1' })!;
    expect(drafted).toMatchObject({ serverId: 'a1', uploadUrl: '/up/a1' });
    const halfway = run(drafted, { type: 'progress', sent: 500, total: 1000, speed: 2048 })!;
    expect(halfway).toMatchObject({ state: 'uploading', percent: 50, bytesSent: 500 });
    expect(halfway.speedBytesPerSecond).toBe(2048);
    const processing = run(halfway, { type: 'uploaded', serverId: 'a1' })!;
    expect(processing).toMatchObject({
      state: 'processing',
      percent: 100,
      file: null,
      uploadUrl: null,
      speedBytesPerSecond: null,
    });
    expect(run(processing, { type: 'processed', outcome: 'COMPLETE', error: null })?.state).toBe(
      'done',
    );
  });

  it('a failed processing ends failed with the server reason', () => {
    const processing = run(uploadRow({ state: 'processing', file: null, serverId: 'a1' }), {
      type: 'processed',
      outcome: 'FAILED',
      error: 'This file is not audio we can use',
    })!;
    expect(processing).toMatchObject({
      state: 'failed',
      error: 'This file is not audio we can use',
    });
    // Nothing to send again: the browser no longer holds the file.
    expect(canRetry(processing)).toBe(false);
  });

  it('an interruption goes back to queued and keeps what the server has, to resume from', () => {
    const uploading = run(
      uploadRow({ serverId: 'a1', uploadUrl: '/up/a1' }),
      { type: 'start' },
      { type: 'progress', sent: 400, total: 1000, speed: 100 },
    )!;
    const waiting = run(uploading, {
      type: 'interrupt',
      reason: 'Connection lost',
      retryAt: 9000,
    })!;
    expect(waiting).toMatchObject({
      state: 'queued',
      serverId: 'a1',
      uploadUrl: '/up/a1',
      bytesSent: 400,
      percent: 40,
      attempts: 1,
      retryAt: 9000,
      error: 'Connection lost',
      speedBytesPerSecond: null,
    });
    expect(isUnfinished(waiting)).toBe(true);
    // Bytes getting through again reset the count of interruptions.
    const resumed = run(
      waiting,
      { type: 'start' },
      { type: 'progress', sent: 600, total: 1000, speed: null },
    )!;
    expect(resumed).toMatchObject({ attempts: 0, error: null, retryAt: null });
  });

  it('a restart forgets the lost server upload and counts the attempt', () => {
    const row = run(
      uploadRow({ state: 'uploading', serverId: 'a1', uploadUrl: '/up/a1', bytesSent: 10 }),
      {
        type: 'restart',
      },
    )!;
    expect(row).toMatchObject({
      state: 'queued',
      serverId: null,
      uploadUrl: null,
      bytesSent: 0,
      attempts: 1,
    });
  });

  it('a track the server already has is done without uploading', () => {
    const row = run(uploadRow(), {
      type: 'reused',
      serverId: 'a9',
      note: 'Already in your library',
    })!;
    expect(row).toMatchObject({
      state: 'done',
      serverId: 'a9',
      file: null,
      note: 'Already in your library',
    });
  });

  it('cancel is allowed while queued, uploading or failed, not once the server has the file', () => {
    expect(canCancel(uploadRow({ state: 'queued' }))).toBe(true);
    expect(canCancel(uploadRow({ state: 'uploading' }))).toBe(true);
    expect(canCancel(uploadRow({ state: 'failed' }))).toBe(true);
    expect(canCancel(uploadRow({ state: 'processing' }))).toBe(false);
    expect(canCancel(uploadRow({ state: 'done' }))).toBe(false);
    expect(run(uploadRow({ state: 'uploading' }), { type: 'cancel' })?.state).toBe('cancelled');
    expect(run(uploadRow({ state: 'processing' }), { type: 'cancel' })).toBeNull();
  });

  it('retry takes a failed upload back to the queue only while its file is here', () => {
    const failed = uploadRow({ state: 'failed', error: 'Server said no', attempts: 3 });
    expect(run(failed, { type: 'retry' })).toMatchObject({
      state: 'queued',
      error: null,
      attempts: 0,
    });
    expect(run({ ...failed, file: null }, { type: 'retry' })).toBeNull();
  });

  it('ignores events that do not apply: late progress after the upload finished, a second start', () => {
    const processing = uploadRow({ state: 'processing', percent: 100 });
    expect(run(processing, { type: 'progress', sent: 1, total: 1000, speed: null })).toBeNull();
    expect(run(uploadRow({ state: 'uploading' }), { type: 'start' })).toBeNull();
    expect(run(uploadRow({ state: 'done' }), { type: 'fail', reason: 'x' })).toBeNull();
    expect(run(uploadRow({ state: 'cancelled' }), { type: 'start' })).toBeNull();
  });

  it('percent stays within 0 to 100 and counts whole percents', () => {
    const uploading = uploadRow({ state: 'uploading' });
    expect(run(uploading, { type: 'progress', sent: 999, total: 1000, speed: null })?.percent).toBe(
      99,
    );
    expect(
      run(uploading, { type: 'progress', sent: 5000, total: 1000, speed: null })?.percent,
    ).toBe(100);
    expect(run(uploading, { type: 'progress', sent: 0, total: 0, speed: null })?.percent).toBe(0);
  });

  it('stamps every change with the time', () => {
    expect(run(uploadRow({ updatedAt: 1 }), { type: 'start' })?.updatedAt).toBe(5000);
  });
});

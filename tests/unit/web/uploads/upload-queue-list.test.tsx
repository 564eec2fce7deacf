// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadRow } from '../../../../src/db/media-tables';
import { UploadQueueList, uploadStateText } from '../../../../src/features/uploads/UploadQueueList';
import { theme } from '../../../../src/ui/theme';
import { uploadRow } from './upload-fixtures';

function renderQueue(rows: UploadRow[], online = true) {
  const actions = { onCancel: vi.fn(), onRetry: vi.fn(), onDismiss: vi.fn() };
  render(
    <MantineProvider theme={theme} env="test">
      <UploadQueueList rows={rows} online={online} {...actions} />
    </MantineProvider>,
  );
  return actions;
}

const rowOf = (name: string) => screen.getByRole('group', { name: `Upload of ${name}` });

describe('the upload queue list', () => {
  it('shows each file with its state, percent and speed', () => {
    renderQueue([
      uploadRow({
        id: '1',
        fileName: 'intro.wav',
        fileSize: 5_292_078,
        state: 'uploading',
        percent: 42,
        bytesSent: 2_222_672,
        speedBytesPerSecond: 1.5 * 1024 * 1024,
      }),
      uploadRow({ id: '2', fileName: 'b.mp3', state: 'processing' }),
      uploadRow({
        id: '3',
        fileName: 'c.mp3',
        state: 'failed',
        error: 'Audio files can be up to 500 MB.',
      }),
      uploadRow({
        id: '4',
        fileName: 'd.mp3',
        state: 'done',
        note: 'Already in your library: nothing to upload.',
      }),
    ]);
    const uploading = rowOf('intro.wav');
    expect(uploading.getAttribute('data-state')).toBe('uploading');
    expect(within(uploading).getByTestId('upload-status').textContent).toBe(
      '5 MB · 42% · 1.5 MB/s · 2 s left',
    );
    expect(
      within(uploading).getByRole('progressbar', { name: 'intro.wav: 42% uploaded' }),
    ).toBeTruthy();
    expect(within(rowOf('b.mp3')).getByText('Processing')).toBeTruthy();
    expect(within(rowOf('c.mp3')).getByTestId('upload-status').textContent).toContain(
      'Audio files can be up to 500 MB.',
    );
    expect(within(rowOf('d.mp3')).getByTestId('upload-status').textContent).toContain(
      'Already in your library',
    );
    expect(screen.getByText('2 in progress')).toBeTruthy();
  });

  it('cancels, retries and clears', () => {
    const rows = [
      uploadRow({ id: '1', fileName: 'a.mp3', state: 'uploading' }),
      uploadRow({ id: '2', fileName: 'b.mp3', state: 'failed', error: 'no' }),
      uploadRow({ id: '3', fileName: 'c.mp3', state: 'done' }),
      uploadRow({ id: '4', fileName: 'p.mp3', state: 'processing', file: null }),
    ];
    const actions = renderQueue(rows);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.mp3' }));
    expect(actions.onCancel).toHaveBeenCalledWith(rows[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of b.mp3' }));
    expect(actions.onRetry).toHaveBeenCalledWith(rows[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(actions.onDismiss).toHaveBeenCalledWith(rows[2]);
    // Nothing to cancel once the server processes the file.
    expect(screen.queryByRole('button', { name: /p\.mp3/ })).toBeNull();
  });

  it('says a queued upload waits for a connection while offline, with what was sent', () => {
    renderQueue(
      [uploadRow({ fileName: 'a.mp3', state: 'queued', bytesSent: 300, percent: 30 })],
      false,
    );
    const row = rowOf('a.mp3');
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(within(row).getByTestId('upload-status').textContent).toContain(
      'Waiting for a connection (30% sent)',
    );
  });

  it('shows nothing when the queue is empty', () => {
    renderQueue([]);
    expect(screen.queryByText('Uploads')).toBeNull();
  });
});

describe('uploadStateText', () => {
  it('words every state', () => {
    expect(uploadStateText(uploadRow({ state: 'queued' }), true)).toBe('Waiting for its turn');
    expect(uploadStateText(uploadRow({ state: 'queued', bytesSent: 10, percent: 1 }), true)).toBe(
      'Resuming (1% sent)',
    );
    expect(uploadStateText(uploadRow({ state: 'uploading', percent: 0 }), true)).toBe('0%');
    // Speed and time left, as the worker or this page last wrote them (every open tab the same).
    expect(
      uploadStateText(
        uploadRow({
          state: 'uploading',
          fileSize: 10 * 1024 * 1024,
          bytesSent: 4 * 1024 * 1024,
          percent: 40,
          speedBytesPerSecond: 512 * 1024,
        }),
        true,
      ),
    ).toBe('40% · 512 KB/s · 12 s left');
    expect(
      uploadStateText(
        uploadRow({
          state: 'uploading',
          fileSize: 300 * 1024 * 1024,
          bytesSent: 0,
          percent: 0,
          speedBytesPerSecond: 1024 * 1024,
        }),
        true,
      ),
    ).toBe('0% · 1 MB/s · 5 min left');
    expect(uploadStateText(uploadRow({ state: 'done' }), true)).toBe('Uploaded and ready');
    expect(uploadStateText(uploadRow({ state: 'cancelled' }), true)).toBe('Cancelled');
  });
});

import { describe, expect, test } from 'vitest';
import type { RenderRow } from '../../../../server/repositories/renders.repository';
import { resolveConfiguration } from '../../../../server/services/renders/render-config';
import { renderFinishedMail } from '../../../../server/services/renders/render-mails';
import {
  downloadFileName,
  recentColors,
  secondsRemaining,
  staticVideoProgress,
  timeRemainingText,
  visualizerProgress,
  visualizerView,
} from '../../../../server/services/renders/render-view';

const id = '0b0b0b0b-0000-4000-8000-00000000000a';

function row(changes: Partial<RenderRow> = {}, kind: 'visualizer' | 'single-frame' = 'visualizer') {
  const { settings } = resolveConfiguration(kind, {
    template: kind === 'visualizer' ? 'mirrored-bars' : 'cover-on-blur',
  });
  return {
    id,
    userUuid: '0b0b0b0b-0000-4000-8000-0000000000ff',
    kind,
    template: settings.template,
    settings,
    audioUuid: null,
    audioFileName: 'song.mp3',
    durationSeconds: 8,
    imageIds: {},
    status: 'RENDERING',
    framesDone: 120,
    framesTotal: 240,
    percentComplete: 50,
    etaSeconds: 150,
    progressUpdatedAt: new Date(1_000_000),
    attempts: 1,
    error: null,
    videoKey: null,
    videoBytes: null,
    thumbnailKey: null,
    jobId: id,
    createdAt: new Date(0),
    admittedAt: new Date(0),
    startedAt: new Date(0),
    finishedAt: null,
    ...changes,
  } as RenderRow;
}

describe('progress answers', () => {
  test('time remaining counts down from the last progress write', () => {
    expect(secondsRemaining(row(), 1_000_000)).toBe(150);
    expect(secondsRemaining(row(), 1_030_000)).toBe(120);
    expect(secondsRemaining(row(), 2_000_000)).toBe(0);
    expect(secondsRemaining(row({ etaSeconds: null }), 1_000_000)).toBeNull();
    expect(secondsRemaining(row({ status: 'COMPLETE' }), 1_000_000)).toBeNull();
  });

  test.each([
    ['COMPLETE', 100, null, 'Done'],
    ['QUEUED', 0, null, 'Waiting to start…'],
    ['RENDERING', 3, null, 'Working out the time left…'],
    ['RENDERING', 40, 45, 'Less than a minute left'],
    ['RENDERING', 40, 80, 'About a minute left'],
    ['RENDERING', 40, 185, 'About 3 minutes left'],
    ['RENDERING', 40, 3600, 'About 1 hour left'],
    ['RENDERING', 40, 2 * 3600 + 600, 'About 2 hours 10 min left'],
    ['RENDERING', 100, 0, 'Finishing…'],
    ['FAILED', 40, null, 'Stopped'],
  ] as const)('%s at %i %% with %s s left: %s', (status, percent, seconds, text) => {
    expect(timeRemainingText(status, percent, seconds)).toBe(text);
  });

  test.each([
    [1, 'Waiting for a free render slot (1st in your queue)'],
    [2, 'Waiting for a free render slot (2nd in your queue)'],
    [3, 'Waiting for a free render slot (3rd in your queue)'],
    [4, 'Waiting for a free render slot (4th in your queue)'],
    [11, 'Waiting for a free render slot (11th in your queue)'],
    [12, 'Waiting for a free render slot (12th in your queue)'],
    [21, 'Waiting for a free render slot (21st in your queue)'],
    [102, 'Waiting for a free render slot (102nd in your queue)'],
    [113, 'Waiting for a free render slot (113th in your queue)'],
  ])('a render waiting %i. for a render slot says so: %s', (place, text) => {
    expect(timeRemainingText('QUEUED', 0, null, place)).toBe(text);
    // Its place matters only while it waits.
    expect(timeRemainingText('RENDERING', 3, null, place)).toBe('Working out the time left…');
  });

  test('the progress of a waiting render names its place in the line', () => {
    const waiting = { ...row({ status: 'QUEUED', etaSeconds: null }), waitingPlace: 2 };
    expect(visualizerProgress(id, waiting, 1_000_000).time_remaining_hr).toBe(
      'Waiting for a free render slot (2nd in your queue)',
    );
    const admitted = { ...row({ status: 'QUEUED', etaSeconds: null }), waitingPlace: null };
    expect(visualizerProgress(id, admitted, 1_000_000).time_remaining_hr).toBe('Waiting to start…');
  });

  test('a visualizer maps to IN-PROGRESS, COMPLETE, FAILED and NotFound', () => {
    const running = visualizerProgress(id, row(), 1_000_000);
    expect(running).toMatchObject({
      status: 'IN-PROGRESS',
      percent_complete: 50,
      time_remaining: 150,
      time_remaining_hr: 'About 3 minutes left',
    });
    expect(running.vizInfo?.video_url).toBeNull();
    const done = visualizerProgress(id, row({ status: 'COMPLETE', videoBytes: 1234 }));
    expect(done).toMatchObject({ status: 'COMPLETE', percent_complete: 100, time_remaining: null });
    expect(done.vizInfo).toMatchObject({
      render_status: 'COMPLETE',
      video_url: `/api/visualizers/video/${id}`,
      download_url: `/api/visualizers/video/${id}?download=1`,
      thumbnail_image: `/api/visualizers/thumbnail/${id}`,
      file_size: 1234,
      template_title: 'Mirrored Bars',
    });
    expect(visualizerProgress(id, row({ status: 'FAILED', error: 'x' })).vizInfo?.error).toBe('x');
    expect(visualizerProgress('nope', undefined)).toMatchObject({
      upload_uuid: 'nope',
      status: 'NotFound',
      vizInfo: null,
    });
  });

  test('a single-frame video maps to RENDERING, VIDEO READY, RENDER FAILED, always NO UPLOAD', () => {
    expect(staticVideoProgress(id, row({}, 'single-frame'))).toMatchObject({
      render_status: 'RENDERING',
      upload_status: 'NO UPLOAD',
    });
    const ready = staticVideoProgress(id, row({ status: 'COMPLETE' }, 'single-frame'));
    expect(ready).toMatchObject({ render_status: 'VIDEO READY', upload_status: 'NO UPLOAD' });
    expect(ready.vidInfo?.video_url).toBe(`/api/music-videos/video/${id}`);
    expect(staticVideoProgress(id, row({ status: 'FAILED' }, 'single-frame')).render_status).toBe(
      'RENDER FAILED',
    );
  });
});

describe('a render in the library', () => {
  test('a part of a release kit names its kit and which part it is', () => {
    const kitId = '0b0b0b0b-0000-4000-8000-0000000000cc';
    expect(visualizerView(row({ kitId, kitOutput: 'vertical' })).release_kit).toEqual({
      kit_uuid: kitId,
      output: 'vertical',
    });
    expect(visualizerView(row({ kitId: null, kitOutput: null })).release_kit).toBeNull();
  });

  test('says when it started: never while it waits for a slot or a worker', () => {
    expect(visualizerView(row({ startedAt: new Date(5_000) })).started_at).toBe(
      new Date(5_000).toISOString(),
    );
    expect(
      visualizerView(row({ status: 'QUEUED', startedAt: null, framesDone: 0 })).started_at,
    ).toBeNull();
  });
});

describe('downloadFileName', () => {
  test.each([
    ['', 'Mirrored Bars.mp4'],
    ['My "Song" / Live', 'My Song Live.mp4'],
    ['Café ünïcode', 'Cafe unicode.mp4'],
    ['..', 'Mirrored Bars.mp4'.replace('Mirrored Bars', 'video')],
    ['x'.repeat(300), `${'x'.repeat(100)}.mp4`],
  ])('%s → %s', (title, name) => {
    const render = row();
    render.settings = { ...render.settings, title };
    expect(downloadFileName(render)).toBe(name);
  });
});

describe('recentColors', () => {
  test('distinct colours the templates show, newest first, at most the limit', () => {
    const base = resolveConfiguration('visualizer', { template: 'mirrored-bars' }).settings;
    const newer = {
      ...base,
      colors: { ...base.colors, bar_fill: '#ABCDEF', waveform_color: '#123456' },
    };
    const colors = recentColors([newer, base]);
    expect(colors[0]).toBe('#abcdef');
    // waveform_color is not one of mirrored-bars' colours: its value is an untouched default.
    expect(colors).not.toContain('#123456');
    expect(new Set(colors).size).toBe(colors.length);
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...base,
      colors: { ...base.colors, bar_fill: `#0000${i.toString(16).padStart(2, '0')}` },
    }));
    const limited = recentColors(many, 20);
    expect(limited).toHaveLength(20);
    expect(limited[0]).toBe('#000000');
  });
});

describe('renderFinishedMail', () => {
  test('names the video and links its page; a failure says why and that the credit is back', () => {
    const ok = renderFinishedMail({
      to: 'a@example.com',
      kind: 'visualizer',
      ok: true,
      name: 'Song',
      url: 'http://x/media/visualizers/1',
    });
    expect(ok.subject).toBe('Your music visualizer is ready: Song');
    expect(ok.text).toContain('http://x/media/visualizers/1');
    const failed = renderFinishedMail({
      to: 'a@example.com',
      kind: 'single-frame',
      ok: false,
      name: '<b>',
      url: 'http://x/media/single-frame-videos/1',
      error: 'bad',
      refunded: true,
    });
    expect(failed.text).toContain('Why: bad');
    expect(failed.text).toContain('given back');
    expect(failed.html).toContain('&lt;b&gt;');
    expect(failed.html).not.toContain('<b>');
  });
});

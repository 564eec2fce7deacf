// @vitest-environment happy-dom
import { expose } from 'comlink';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createComlinkWorker } from '../../../../src/lib/comlink-worker';
import { ImageColorPickerScreen } from '../../../../src/features/tools';
import { paletteApi, type PaletteApi } from '../../../../workers/palette-api';
import { renderTool, stubClipboard } from './render-tool';

// The palette worker, as a comlink channel in this process: the real extraction, no Worker.
const workers = vi.hoisted(() => ({ started: 0 }));
vi.mock('../../../../src/features/tools/palette-worker', () => ({
  startPaletteWorker: () => {
    workers.started += 1;
    const channel = new MessageChannel();
    expose(paletteApi, channel.port1);
    return createComlinkWorker<PaletteApi>(() =>
      Object.assign(channel.port2, { terminate: () => channel.port1.close() }),
    );
  },
}));

/** A 90×30 image of three flat bands: red, teal, cream. */
const WIDTH = 90;
const HEIGHT = 30;
const BANDS = [
  [220, 30, 40],
  [10, 160, 150],
  [250, 240, 210],
] as const;
const bandAt = (x: number) => BANDS[Math.min(2, Math.floor(x / 30))] as readonly number[];

function imagePixels(x: number, y: number, width: number, height: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      data.set([...bandAt(x + column), 255], (row * width + column) * 4);
    }
  }
  return data;
}

beforeEach(() => {
  workers.started = 0;
  // happy-dom draws nothing: a 2D context that holds the banded image stands in.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        drawImage: vi.fn(),
        clearRect: vi.fn(),
        strokeRect: vi.fn(),
        getImageData: (x: number, y: number, w: number, h: number) => ({
          data: imagePixels(x, y, w, h),
        }),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() => Promise.resolve({ width: WIDTH, height: HEIGHT, close: vi.fn() })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function show() {
  const view = renderTool(
    <ImageColorPickerScreen title="Image Color Picker" description="Pick colours." />,
  );
  const input = view.container.ownerDocument.querySelector(
    'input[type="file"]',
  ) as HTMLInputElement;
  return { input };
}

function choose(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

describe('the image colour picker', () => {
  it('asks for an image and refuses a file that is not one', async () => {
    const { input } = show();
    expect(input.accept).toBe('image/*');
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeTruthy();
    expect(screen.getByText(/never uploaded/)).toBeTruthy();
    choose(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('image-error')).textContent).toContain('not an image');
    expect(screen.queryByTestId('image-stage')).toBeNull();
    expect(workers.started).toBe(0);
  });

  it('extracts the palette in the worker and picks pixels with the keyboard', async () => {
    const writeText = stubClipboard();
    const { input } = show();
    choose(input, new File(['png'], 'cover.png', { type: 'image/png' }));

    const palette = await screen.findByTestId('palette');
    expect(workers.started).toBe(1);
    expect(
      [...palette.querySelectorAll('[data-hex]')].map((node) => node.getAttribute('data-hex')),
    ).toEqual(['#0aa096', '#dc1e28', '#faf0d2']);

    const stage = screen.getByRole('application');
    expect(stage.getAttribute('aria-label')).toContain('arrow keys move the crosshair');
    act(() => stage.focus());
    expect(screen.getByTestId('crosshair-readout').textContent).toContain(
      'Crosshair at 45, 15: #0aa096',
    );
    fireEvent.keyDown(stage, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(stage, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(stage, { key: 'ArrowDown' });
    expect(screen.getByTestId('crosshair-readout').textContent).toContain(
      'Crosshair at 65, 16: #faf0d2',
    );
    expect(screen.getByTestId('nothing-picked')).toBeTruthy();
    fireEvent.keyDown(stage, { key: 'Enter' });
    const picked = screen.getByTestId('picked-color');
    expect(picked.dataset.hex).toBe('#faf0d2');
    expect(picked.textContent).toContain('From pixel 65, 16');
    expect(picked.textContent).toContain('rgb(250, 240, 210)');
    expect(picked.textContent).toContain('hsl(45, 80%, 90%)');

    fireEvent.click(screen.getByRole('button', { name: 'Choose #dc1e28' }));
    expect(screen.getByTestId('picked-color').dataset.hex).toBe('#dc1e28');
    fireEvent.click(screen.getByRole('button', { name: 'Copy #0aa096' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('#0aa096'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy rgb rgb(220, 30, 40)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('rgb(220, 30, 40)'));
  });
});

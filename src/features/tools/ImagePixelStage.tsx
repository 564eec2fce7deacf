import { Text } from '@mantine/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { rgbToHex, type Rgb } from '../../../core/color/color-convert';
import { canvasSizeOf } from './image-pixels';
import classes from './tools.module.css';

export interface PickedPixel {
  x: number;
  y: number;
  rgb: Rgb;
}

interface Point {
  x: number;
  y: number;
}

/** Pixels the loupe shows across, around the pointed one; and how large each is drawn. */
const LOUPE_PIXELS = 15;
const LOUPE_ZOOM = 9;
const LOUPE_SIZE = LOUPE_PIXELS * LOUPE_ZOOM;

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

function readPixel(canvas: HTMLCanvasElement | null, point: Point): Rgb | null {
  const context = canvas?.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  const [r = 0, g = 0, b = 0] = context.getImageData(point.x, point.y, 1, 1).data;
  return { r, g, b };
}

/**
 * The image on a canvas (give it a new key for a new image), to pick a pixel from: by click, or with the keyboard (arrow keys move a
 * crosshair, Shift moves it 10 pixels, Enter or Space picks). A loupe magnifies around the pointer
 * or the crosshair.
 */
export function ImagePixelStage({
  image,
  name,
  onPick,
}: {
  image: ImageBitmap;
  name: string;
  onPick: (pixel: PickedPixel) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const loupe = useRef<HTMLCanvasElement>(null);
  const size = canvasSizeOf(image);
  const [crosshair, setCrosshair] = useState<Point>(() => ({
    x: Math.floor(size.width / 2),
    y: Math.floor(size.height / 2),
  }));
  const [hover, setHover] = useState<Point | null>(null);
  const [focused, setFocused] = useState(false);
  const [crosshairColor, setCrosshairColor] = useState<Rgb | null>(null);
  const readoutId = useId();

  useLayoutEffect(() => {
    const context = canvas.current?.getContext('2d', { willReadFrequently: true });
    if (!context) return;
    context.clearRect(0, 0, size.width, size.height);
    context.drawImage(image, 0, 0, size.width, size.height);
  }, [image, size.width, size.height]);

  useEffect(() => {
    setCrosshairColor(readPixel(canvas.current, crosshair));
  }, [crosshair, image]);

  const lensPoint = hover ?? (focused ? crosshair : null);

  useEffect(() => {
    const target = loupe.current?.getContext('2d');
    if (!target || !lensPoint || !canvas.current) return;
    const half = Math.floor(LOUPE_PIXELS / 2);
    target.imageSmoothingEnabled = false;
    target.clearRect(0, 0, LOUPE_SIZE, LOUPE_SIZE);
    target.drawImage(
      canvas.current,
      lensPoint.x - half,
      lensPoint.y - half,
      LOUPE_PIXELS,
      LOUPE_PIXELS,
      0,
      0,
      LOUPE_SIZE,
      LOUPE_SIZE,
    );
    const at = half * LOUPE_ZOOM;
    target.lineWidth = 2;
    target.strokeStyle = '#000';
    target.strokeRect(at - 1, at - 1, LOUPE_ZOOM + 2, LOUPE_ZOOM + 2);
    target.strokeStyle = '#fff';
    target.strokeRect(at + 1, at + 1, LOUPE_ZOOM - 2, LOUPE_ZOOM - 2);
  }, [lensPoint]);

  const pointAt = (event: { clientX: number; clientY: number }): Point | null => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * size.width);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * size.height);
    if (x < 0 || y < 0 || x >= size.width || y >= size.height) return null;
    return { x, y };
  };

  const pick = (point: Point) => {
    const rgb = readPixel(canvas.current, point);
    if (rgb) onPick({ ...point, rgb });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      setHover(null);
      const next = {
        x: Math.min(size.width - 1, Math.max(0, crosshair.x + arrow.x * step)),
        y: Math.min(size.height - 1, Math.max(0, crosshair.y + arrow.y * step)),
      };
      // The position and its colour change together: the readout never pairs one with the other's
      // previous value (which a screen reader would announce).
      setCrosshair(next);
      setCrosshairColor(readPixel(canvas.current, next));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(crosshair);
    }
  };

  const percent = (value: number, total: number) => `${((value + 0.5) / total) * 100}%`;
  const ratio = size.width / size.height;
  const crosshairHex = crosshairColor ? rgbToHex(crosshairColor) : '';

  return (
    <div>
      <div
        className={classes.imageStage}
        style={{ width: `min(100%, ${size.width}px, calc(70vh * ${ratio}))` }}
        tabIndex={0}
        role="application"
        aria-label={`${name}: arrow keys move the crosshair, Shift with an arrow moves it 10 pixels, Enter picks the colour under it`}
        aria-describedby={readoutId}
        data-testid="image-stage"
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onPointerMove={(event) => setHover(pointAt(event))}
        onPointerLeave={() => setHover(null)}
        onClick={(event) => {
          const point = pointAt(event);
          if (!point) return;
          setCrosshair(point);
          pick(point);
        }}
      >
        <canvas
          ref={canvas}
          width={size.width}
          height={size.height}
          className={classes.imageCanvas}
          style={{ width: '100%' }}
          data-testid="image-canvas"
        />
        <div
          className={classes.crosshair}
          style={{ left: percent(crosshair.x, size.width), top: percent(crosshair.y, size.height) }}
          data-testid="crosshair"
          aria-hidden
        />
        <div
          className={classes.loupe}
          style={{
            display: lensPoint ? 'block' : 'none',
            left: lensPoint
              ? lensPoint.x / size.width > 0.6
                ? `calc(${percent(lensPoint.x, size.width)} - ${LOUPE_SIZE + 24}px)`
                : `calc(${percent(lensPoint.x, size.width)} + 24px)`
              : 0,
            top: lensPoint
              ? lensPoint.y / size.height > 0.4
                ? `calc(${percent(lensPoint.y, size.height)} - ${LOUPE_SIZE + 24}px)`
                : `calc(${percent(lensPoint.y, size.height)} + 24px)`
              : 0,
          }}
          data-testid="loupe"
          aria-hidden
        >
          <canvas ref={loupe} width={LOUPE_SIZE} height={LOUPE_SIZE} />
        </div>
      </div>
      <Text
        size="sm"
        c="dimmed"
        mt="xs"
        id={readoutId}
        aria-live="polite"
        data-testid="crosshair-readout"
      >
        Crosshair at {crosshair.x}, {crosshair.y}
        {crosshairHex && `: ${crosshairHex}`}. Click the image, or focus it and press Enter, to pick
        a colour.
      </Text>
    </div>
  );
}

// Previews on a page: a stage owns the clock and asks the preview worker to draw its canvases.
// Each <StageCanvas> hands its canvas over to the worker; the stage draws the visible ones at the
// stage's time, every animation frame while running (at most `fps` times a second), and once
// whenever `redrawKey` changes (a seek or a new colour while paused).
import { Box, Loader } from '@mantine/core';
import { transfer, type Remote } from 'comlink';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { PreviewApi, PreviewSceneInput } from '../../../workers/preview-api';
import { newViewId } from './preview-worker';
import classes from './render-editor.module.css';

interface Stage {
  api: Remote<PreviewApi> | null;
  getTime(): number;
  /** Marks a view visible or not; the stage draws only visible views while running. */
  setVisible(id: string, visible: boolean): void;
}

const StageContext = createContext<Stage | null>(null);

export function PreviewStage({
  api,
  getTime,
  running,
  fps = 60,
  redrawKey,
  children,
}: {
  api: Remote<PreviewApi> | null;
  getTime: () => number;
  running: boolean;
  fps?: number;
  redrawKey?: unknown;
  children: ReactNode;
}) {
  const visible = useRef(new Set<string>());
  const clock = useRef(getTime);
  useEffect(() => {
    clock.current = getTime;
  }, [getTime]);

  const stage = useMemo<Stage>(
    () => ({
      api,
      getTime: () => clock.current(),
      setVisible(id, shown) {
        if (shown) visible.current.add(id);
        else visible.current.delete(id);
        if (shown) api?.draw(id, clock.current());
      },
    }),
    [api],
  );

  useEffect(() => {
    if (!api || !running) return undefined;
    let frame = 0;
    let last = -Infinity;
    const interval = 1000 / fps - 2;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (now - last < interval || visible.current.size === 0) return;
      last = now;
      void api.drawMany([...visible.current], clock.current());
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [api, running, fps]);

  useEffect(() => {
    if (!api || visible.current.size === 0) return;
    void api.drawMany([...visible.current], clock.current());
  }, [api, redrawKey]);

  return <StageContext.Provider value={stage}>{children}</StageContext.Provider>;
}

/** Largest backing width drawn for a preview, whatever the screen. */
const MAX_BACKING_WIDTH = 1280;

/** Pixels to draw for a box of `cssWidth` at the output's aspect, never above the output. */
export function backingSize(
  cssWidth: number,
  output: { width: number; height: number },
  pixelRatio: number,
  maxWidth = MAX_BACKING_WIDTH,
): { width: number; height: number } {
  const width = Math.max(
    16,
    Math.round(
      Math.min(
        output.width,
        cssWidth * pixelRatio,
        maxWidth * (output.width / Math.max(output.width, output.height)),
      ),
    ),
  );
  return { width, height: Math.max(9, Math.round((width * output.height) / output.width)) };
}

/** The backing for a preview box as laid out now, at the output's aspect. */
function backingOf(
  element: HTMLElement,
  output: { width: number; height: number; maxBacking: number },
): { width: number; height: number } {
  return backingSize(
    element.clientWidth || 320,
    output,
    window.devicePixelRatio || 1,
    output.maxBacking,
  );
}

/**
 * A canvas drawn by the preview worker, at the aspect of `input`'s output size. `maxBacking`
 * caps the pixels drawn (small gallery cards need few).
 */
export function StageCanvas({
  input,
  label,
  maxBacking = MAX_BACKING_WIDTH,
  testId = 'preview-canvas',
}: {
  input: PreviewSceneInput;
  label: string;
  maxBacking?: number;
  testId?: string;
}) {
  const stage = useContext(StageContext);
  const box = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const api = stage?.api ?? null;
  const { width, height } = input.settings;

  // What the backing is sized from, always the latest: the resize observer made when the canvas
  // was attached reads it, so a window resize after a new shape keeps the new shape's aspect.
  const output = useRef({ width, height, maxBacking });
  useLayoutEffect(() => {
    output.current = { width, height, maxBacking };
  }, [width, height, maxBacking]);

  // The canvas is made here, not rendered: control of a canvas moves to a worker only once.
  useEffect(() => {
    const element = box.current;
    if (!api || !element || !stage) return undefined;
    const canvas = document.createElement('canvas');
    canvas.className = classes.previewCanvas!;
    canvas.dataset.testid = testId;
    canvas.setAttribute('role', 'img');
    canvasRef.current = canvas;
    element.prepend(canvas);
    const viewId = newViewId('view');
    const offscreen = canvas.transferControlToOffscreen();
    const size = () => backingOf(element, output.current);
    void api.attach(viewId, transfer(offscreen, [offscreen]), size());
    setId(viewId);
    const resize = new ResizeObserver(() => void api.resize(viewId, size()));
    resize.observe(element);
    const visibility = new IntersectionObserver((entries) => {
      for (const entry of entries) stage.setVisible(viewId, entry.isIntersecting);
    });
    visibility.observe(element);
    return () => {
      resize.disconnect();
      visibility.disconnect();
      stage.setVisible(viewId, false);
      void api.detach(viewId);
      canvas.remove();
      canvasRef.current = null;
      setId(null);
      setReady(false);
    };
  }, [api, stage, testId]);

  useEffect(() => {
    canvasRef.current?.setAttribute('aria-label', label);
  }, [id, label]);

  // A new output size: the box's aspect changes with it (style below), and the backing too.
  useEffect(() => {
    if (!api || !id || !box.current) return;
    void api.resize(id, backingOf(box.current, { width, height, maxBacking }));
  }, [api, id, width, height, maxBacking]);

  useEffect(() => {
    if (!api || !id || !stage) return undefined;
    let current = true;
    void api.setScene(id, input).then(() => {
      if (!current) return;
      setReady(true);
      void api.draw(id, stage.getTime());
    });
    return () => {
      current = false;
    };
  }, [api, id, input, stage]);

  return (
    <Box
      ref={box}
      className={classes.previewBox}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-ready={ready}
      data-testid={`${testId}-box`}
    >
      {!ready && (
        <div className={classes.previewLoading}>
          <Loader size="sm" color="gray.4" aria-label="Loading the preview" />
        </div>
      )}
    </Box>
  );
}

/**
 * The box a create screen's preview sits in: centred, as wide as the column allows and no taller
 * than the window leaves for it and its play row (render-editor.module.css, .previewFrame).
 */
export function PreviewFrame({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <div
      className={classes.previewFrame}
      style={{ '--preview-aspect': String(width / height) } as CSSProperties}
      data-testid="preview-frame"
    >
      {children}
    </div>
  );
}

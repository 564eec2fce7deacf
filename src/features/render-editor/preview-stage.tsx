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
  useMemo,
  useRef,
  useState,
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
  const [id, setId] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const api = stage?.api ?? null;
  const { width, height } = input.settings;

  // The canvas is made here, not rendered: control of a canvas moves to a worker only once.
  useEffect(() => {
    const element = box.current;
    if (!api || !element || !stage) return undefined;
    const canvas = document.createElement('canvas');
    canvas.className = classes.previewCanvas!;
    canvas.dataset.testid = testId;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    element.prepend(canvas);
    const viewId = newViewId('view');
    const offscreen = canvas.transferControlToOffscreen();
    const size = () =>
      backingSize(
        element.clientWidth || 320,
        { width, height },
        window.devicePixelRatio || 1,
        maxBacking,
      );
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
      setId(null);
      setReady(false);
    };
    // The label and size are read once; a new output size changes `width`/`height` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, stage]);

  useEffect(() => {
    if (!api || !id || !box.current) return;
    const element = box.current;
    void api.resize(
      id,
      backingSize(
        element.clientWidth || 320,
        { width, height },
        window.devicePixelRatio || 1,
        maxBacking,
      ),
    );
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

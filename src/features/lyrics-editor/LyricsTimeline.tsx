// The waveform of the track with its beat and bar grid, each timed line as a block on it, and
// the playhead. A block is dragged with the pointer or moved with the arrow keys (50 ms, a
// second with Shift); clicking the waveform seeks.
import { useComputedColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { waveformPeaks } from '../../../core/audio-analysis/waveform-peaks';
import type { LyricLine } from '../../../core/lyrics/lyrics';
import { formatSeconds } from './lyrics-words';
import classes from './lyrics-editor.module.css';
import { NUDGE_SECONDS } from './line-timing';

/** The timeline's height and its row of line blocks; on a phone taller, blocks a finger's size. */
const SIZES = { wide: { height: 120, blockRow: 34 }, phone: { height: 168, blockRow: 48 } };
/** Pixels per second, fewer for long tracks so the canvas stays a sane width. */
function pixelsPerSecond(duration: number): number {
  return Math.max(8, Math.min(80, 20000 / Math.max(1, duration)));
}
/** A line with no next timed line is drawn this long. */
const LAST_LINE_SECONDS = 3;

function blockEnd(lines: readonly LyricLine[], i: number, duration: number): number {
  const line = lines[i]!;
  if (line.endSeconds !== null) return line.endSeconds;
  for (let j = i + 1; j < lines.length; j++) {
    const start = lines[j]!.startSeconds;
    if (start !== null) return start;
  }
  return Math.min(duration, (line.startSeconds ?? 0) + LAST_LINE_SECONDS);
}

export function LyricsTimeline({
  analysis,
  beats,
  bars,
  duration,
  time,
  lines,
  selected,
  onSeek,
  onSelect,
  onDragStart,
  onDrag,
  onDragEnd,
  onNudge,
}: {
  analysis: Analysis | null;
  beats: readonly number[];
  bars: readonly number[];
  duration: number;
  time: number;
  lines: readonly LyricLine[];
  selected: number | null;
  onSeek: (seconds: number) => void;
  onSelect: (index: number) => void;
  onDragStart: () => void;
  onDrag: (index: number, seconds: number) => void;
  onDragEnd: () => void;
  onNudge: (index: number, by: number) => void;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drag = useRef<{ index: number; x: number; start: number; moved: boolean } | null>(null);
  const pps = pixelsPerSecond(duration);
  const width = Math.max(1, Math.ceil(duration * pps));
  const scheme = useComputedColorScheme('light');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { height, blockRow } = SIZES[phone ? 'phone' : 'wide'];

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const style = getComputedStyle(element);
    const color = (name: string, fallback: string) =>
      style.getPropertyValue(name).trim() || fallback;
    const dark = scheme === 'dark';
    const top = blockRow;
    const mid = top + (height - top) / 2;
    const half = (height - top) / 2 - 4;
    context.fillStyle = dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.04)';
    context.fillRect(0, 0, width, top);
    // The grid: beats faint, bars stronger.
    context.fillStyle = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.10)';
    for (const beat of beats) context.fillRect(Math.round(beat * pps), top, 1, height - top);
    context.fillStyle = dark ? 'rgba(255,255,255,0.32)' : 'rgba(0,0,0,0.28)';
    for (const bar of bars) context.fillRect(Math.round(bar * pps), 0, 1, height);
    if (analysis) {
      const buckets = Math.max(1, Math.floor(width / 2));
      const peaks = waveformPeaks(analysis, buckets);
      context.fillStyle = dark
        ? color('--mantine-color-dark-2', '#828282')
        : color('--mantine-color-gray-5', '#adb5bd');
      for (let b = 0; b < buckets; b++) {
        const high = Math.max(0.02, peaks.max[b]!);
        const low = Math.min(-0.02, peaks.min[b]!);
        context.fillRect(b * 2, mid - high * half, 1.5, (high - low) * half);
      }
    }
  }, [analysis, beats, bars, width, pps, scheme, height, blockRow]);

  // The playhead stays in view while playing.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const x = time * pps;
    if (x < element.scrollLeft + 40 || x > element.scrollLeft + element.clientWidth - 80)
      element.scrollLeft = Math.max(0, x - element.clientWidth / 3);
  }, [time, pps]);

  function seekFrom(event: PointerEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(Math.max(0, Math.min(duration, (event.clientX - box.left) / pps)));
  }

  function onBlockPointerDown(event: PointerEvent<HTMLDivElement>, index: number) {
    const start = lines[index]?.startSeconds;
    if (start === null || start === undefined) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, x: event.clientX, start, moved: false };
    onSelect(index);
  }

  function onBlockPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    if (!current.moved) {
      if (Math.abs(dx) < 3) return;
      current.moved = true;
      onDragStart();
    }
    onDrag(current.index, current.start + dx / pps);
  }

  function onBlockPointerUp() {
    const current = drag.current;
    drag.current = null;
    if (current?.moved) onDragEnd();
  }

  function onBlockKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    const step = event.shiftKey ? 1 : NUDGE_SECONDS;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') onNudge(index, -step);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') onNudge(index, step);
    else return;
    event.preventDefault();
  }

  return (
    <div
      ref={scroller}
      className={classes.timelineScroller}
      data-testid="lyrics-timeline"
      aria-label="Timeline: drag a line's block, or focus it and use the arrow keys"
    >
      <div className={classes.timeline} style={{ width, height: height }} onPointerDown={seekFrom}>
        <canvas ref={canvas} className={classes.timelineCanvas} style={{ width, height: height }} />
        {lines.map((line, index) => {
          if (line.startSeconds === null) return null;
          const left = line.startSeconds * pps;
          const right = blockEnd(lines, index, duration) * pps;
          const isSelected = index === selected;
          return (
            <div
              key={index}
              role="slider"
              tabIndex={isSelected || (selected === null && index === 0) ? 0 : -1}
              aria-label={`Line ${index + 1}: ${line.text}`}
              aria-valuemin={0}
              aria-valuemax={Math.round(duration * 1000)}
              aria-valuenow={Math.round(line.startSeconds * 1000)}
              aria-valuetext={`starts at ${formatSeconds(line.startSeconds)}`}
              data-testid="lyrics-block"
              data-index={index}
              data-selected={isSelected || undefined}
              className={classes.block}
              style={{
                left,
                width: Math.max(14, right - left - 2),
                height: blockRow - 6,
                lineHeight: `${blockRow - 6}px`,
              }}
              onPointerDown={(event) => onBlockPointerDown(event, index)}
              onPointerMove={onBlockPointerMove}
              onPointerUp={onBlockPointerUp}
              onPointerCancel={onBlockPointerUp}
              onFocus={() => onSelect(index)}
              onKeyDown={(event) => onBlockKeyDown(event, index)}
            >
              {line.text}
            </div>
          );
        })}
        <div className={classes.playhead} style={{ left: time * pps }} aria-hidden />
      </div>
    </div>
  );
}

// The track's waveform with its bar lines and the hook highlighted: a slider for the keyboard
// (the arrow keys move the hook by a bar) and a click moves the hook to the bar clicked. Under it
// the time axis and what a line stands for: as many bar lines and times as fit its width.
import { Text } from '@mantine/core';
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { KitHook } from '../../api/release-kits';
import { formatDuration } from '../../lib/format';
import { useElementWidth } from '../../ui/use-element-width';
import { barLineSpacing, barLineText } from './bar-line-spacing';
import { hookRangeText, nearestBarLine } from './hook-steps';
import { timeAxisTicks } from './time-axis';
import classes from './release-kits.module.css';

const HEIGHT = 100;

/** One path of vertical strokes, one per peak, centred on the middle line. */
function peaksPath(peaks: readonly number[], from: number, to: number): string {
  let path = '';
  for (let i = from; i < to; i++) {
    const half = Math.max(0.6, peaks[i]! * HEIGHT * 0.45);
    path += `M${i + 0.5} ${HEIGHT / 2 - half}V${HEIGHT / 2 + half}`;
  }
  return path;
}

export function HookWaveform({
  peaks,
  barLines,
  duration,
  hook,
  playhead,
  onMove,
  note,
  disabled = false,
}: {
  peaks: readonly number[];
  barLines: readonly number[];
  duration: number;
  hook: KitHook;
  /** Where the preview's sound is, while it plays. */
  playhead: number | null;
  /** Moves the hook by whole bars (negative: earlier). */
  onMove: (byBars: number) => void;
  /** Said under the axis, before what a bar line stands for. */
  note: string;
  disabled?: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(boxRef);
  const spacing = barLineSpacing(barLines, duration, widthPx);
  const ticks = timeAxisTicks(duration, widthPx);
  const width = Math.max(1, peaks.length);
  const x = (seconds: number) => (duration > 0 ? (seconds / duration) * width : 0);
  const hookFrom = Math.max(0, Math.floor(x(hook.start_seconds)));
  const hookTo = Math.min(peaks.length, Math.ceil(x(hook.end_seconds)));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const by = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    onMove(by);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled || duration <= 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const seconds = ((event.clientX - box.left) / Math.max(1, box.width)) * duration;
    const by = nearestBarLine(barLines, seconds) - nearestBarLine(barLines, hook.start_seconds);
    if (by !== 0) onMove(by);
  };

  return (
    <div ref={boxRef}>
      <div
        className={classes.waveform}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label="Hook position: the arrow keys move it by a bar"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(hook.start_seconds)}
        aria-valuetext={hookRangeText(hook)}
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        onClick={onClick}
        data-testid="kit-hook-waveform"
        data-hook-start={hook.start_seconds}
        data-hook-end={hook.end_seconds}
      >
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden>
          <rect
            className={classes.hookArea}
            x={x(hook.start_seconds)}
            y={0}
            width={Math.max(0, x(hook.end_seconds) - x(hook.start_seconds))}
            height={HEIGHT}
          />
          <g data-testid="kit-bar-lines" data-step={spacing.step}>
            {spacing.drawn.map((index) => (
              <TimeLine key={index} className={classes.barLine} x={x(barLines[index]!)} width={1} />
            ))}
          </g>
          <path className={classes.peaks} d={peaksPath(peaks, 0, hookFrom)} strokeWidth={0.7} />
          <path
            className={classes.hookPeaks}
            d={peaksPath(peaks, hookFrom, hookTo)}
            strokeWidth={0.7}
          />
          <path
            className={classes.peaks}
            d={peaksPath(peaks, hookTo, peaks.length)}
            strokeWidth={0.7}
          />
          {[hook.start_seconds, hook.end_seconds].map((seconds) => (
            <TimeLine key={seconds} className={classes.hookEdge} x={x(seconds)} width={2} />
          ))}
          {playhead !== null && <TimeLine className={classes.playhead} x={x(playhead)} width={2} />}
        </svg>
      </div>
      <div className={classes.timeAxis} data-testid="kit-time-axis">
        {ticks.map((seconds, i) => (
          <Text
            key={seconds}
            span
            size="xs"
            c="dimmed"
            className={classes.timeLabel}
            data-edge={i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : undefined}
            style={{ left: `${duration > 0 ? (seconds / duration) * 100 : 0}%` }}
          >
            {formatDuration(seconds)}
          </Text>
        ))}
      </div>
      <Text size="xs" c="dimmed" mt={4} data-testid="kit-hook-note">
        {note} {barLineText(spacing.step)}
      </Text>
    </div>
  );
}

/** A line across the waveform at one moment (a bar line, the hook's edges, the playhead). */
function TimeLine({
  className,
  x,
  width,
}: {
  className: string | undefined;
  x: number;
  width: number;
}) {
  return (
    <line
      className={className}
      x1={x}
      x2={x}
      y1={0}
      y2={HEIGHT}
      vectorEffect="non-scaling-stroke"
      strokeWidth={width}
    />
  );
}

// The hook section of the kit creator: the waveform with the bar grid and the hook, the buttons
// that move it by a bar or back to the proposed one, its length, and the preview with sound.
import { Alert, Button, Group, Skeleton, Slider, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { HOOK_MAX_SECONDS, HOOK_MIN_SECONDS } from '../../../core/audio-analysis/hook';
import { canStep, hookLengthText, hookRangeText, sameHook } from './hook-steps';
import { HookWaveform } from './HookWaveform';
import type { HookPreview } from './use-hook-preview';
import type { KitHookControl } from './use-kit-hook';
import classes from './release-kits.module.css';

const LENGTH_MARKS = [15, 30, 45, 60].map((value) => ({ value, label: `${value} s` }));

/** The preview's position while it plays, 15 times a second (the waveform's playhead). */
function usePlayhead(preview: HookPreview): number | null {
  const { playing, getTime } = preview;
  const [time, setTime] = useState<number | null>(null);
  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setInterval(() => setTime(getTime()), 1000 / 15);
    return () => {
      window.clearInterval(timer);
      setTime(null);
    };
  }, [playing, getTime]);
  return playing ? time : null;
}

function HookLength({
  seconds,
  onChange,
}: {
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const [shown, setShown] = useState(seconds);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id="kit-hook-length-label">
          Hook length
        </Text>
        <Text size="sm" c="dimmed" data-testid="kit-hook-seconds-value">
          about {shown} s, in whole bars
        </Text>
      </Group>
      <Slider
        min={HOOK_MIN_SECONDS}
        max={HOOK_MAX_SECONDS}
        step={1}
        marks={LENGTH_MARKS}
        value={shown}
        onChange={setShown}
        onChangeEnd={onChange}
        label={(value) => `${value} s`}
        thumbProps={{ 'aria-labelledby': 'kit-hook-length-label' }}
        data-testid="kit-hook-seconds"
        mb="lg"
        mx="sm"
      />
    </Stack>
  );
}

export function HookPanel({
  control,
  preview,
  seconds,
  onSeconds,
}: {
  control: KitHookControl;
  preview: HookPreview;
  seconds: number;
  onSeconds: (seconds: number) => void;
}) {
  const { state } = control;
  const playhead = usePlayhead(preview);

  if (state.status === 'none') {
    return (
      <Text size="sm" c="dimmed" data-testid="kit-hook-empty">
        Pick your track above: we find its hook (the chorus or the drop) and show it here on the
        tempo grid, ready to move by whole bars.
      </Text>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" radius="md" role="alert" data-testid="kit-hook-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button
            size="compact-sm"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={control.retry}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const answer = state.answer;
  const hook = state.hook;
  const ready = state.status === 'ready';
  const length = <HookLength key={seconds} seconds={seconds} onChange={onSeconds} />;
  if (!answer || !hook) {
    return (
      <Stack gap="sm" data-testid="kit-hook-loading" aria-busy>
        <Skeleton h={120} radius="md" />
        <Text size="sm" c="dimmed">
          Finding the hook in the music…
        </Text>
        {length}
      </Stack>
    );
  }

  const isProposed = sameHook(hook, answer.proposed);
  const tempo = answer.bpm ? `${Math.round(answer.bpm)} BPM` : 'no steady tempo';
  return (
    <Stack gap="sm" data-testid="kit-hook" data-state={state.status}>
      <Group justify="space-between" gap="xs" align="baseline">
        <Text fw={700} fz="lg" data-testid="kit-hook-range">
          {hookRangeText(hook)}
        </Text>
        <Text size="sm" c="dimmed">
          {hookLengthText(hook)} · {tempo} · fades over {answer.fade_seconds.toFixed(2)} s
        </Text>
      </Group>
      <HookWaveform
        peaks={answer.peaks}
        barLines={answer.bar_lines}
        duration={answer.duration_seconds}
        hook={hook}
        playhead={playhead}
        onMove={control.move}
        note={
          isProposed
            ? 'The proposed hook: where the music is loudest, densest and comes back.'
            : 'Moved by you.'
        }
        disabled={!ready}
      />
      <div className={classes.hookMoves}>
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={() => control.move(-1)}
          disabled={!ready || !canStep(answer.bar_lines, hook, -1)}
          data-testid="kit-hook-earlier"
        >
          Earlier by a bar
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => control.move(1)}
          disabled={!ready || !canStep(answer.bar_lines, hook, 1)}
          data-testid="kit-hook-later"
        >
          Later by a bar
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={control.reset}
          disabled={!ready || isProposed}
          data-testid="kit-hook-reset"
          className={classes.hookReset}
        >
          Reset to the proposed hook
        </Button>
      </div>
      <Group gap="sm">
        <Button
          variant={preview.playing ? 'filled' : 'light'}
          leftSection={
            preview.playing ? (
              <IconPlayerStop size={16} aria-hidden />
            ) : (
              <IconPlayerPlay size={16} aria-hidden />
            )
          }
          onClick={preview.toggle}
          aria-pressed={preview.playing}
          data-testid="kit-hook-play"
          data-playing={preview.playing}
        >
          {preview.playing ? 'Stop the preview' : 'Preview the hook'}
        </Button>
        {preview.error && (
          <Text size="sm" c="red" role="alert">
            {preview.error}
          </Text>
        )}
        {state.status === 'ready' && state.source === 'device' && (
          <Text size="xs" c="dimmed" data-testid="kit-hook-source">
            Found on this device from the track&apos;s analysis.
          </Text>
        )}
      </Group>
      {length}
    </Stack>
  );
}

import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LARGER_OUTPUTS_MESSAGE } from '../../../core/plans/catalogue';
import { describeDuration, estimateRenderSeconds } from '../../../core/render/render-time';
import {
  formatOf,
  outputSize,
  UHD_ASPECTS,
  UHD_KINDS,
  type Aspect,
  type RenderKind,
  type Resolution,
} from '../../../core/render/scene';
import { useSession } from '../session';

const ASPECT_NAMES: Record<Aspect, string> = {
  '16:9': 'Landscape',
  '1:1': 'Square',
  '9:16': 'Portrait',
  '4:5': 'Feed portrait',
};

export function aspectOf(width: number, height: number): Aspect | null {
  return formatOf(width, height)?.aspect ?? null;
}

/** What the format fields set: the output's size (aspect at a resolution) and frame rate. */
export interface OutputFormat {
  aspect: Aspect;
  resolution: Resolution;
  fps: 30 | 60;
}

/** The format of settings' size and rate (1080p at the template's first aspect when unknown). */
export function formatOfSettings(
  settings: { width: number; height: number; fps: number },
  fallback: Aspect,
): OutputFormat {
  const format = formatOf(settings.width, settings.height);
  return {
    aspect: format?.aspect ?? fallback,
    resolution: format?.resolution ?? '1080p',
    fps: settings.fps === 60 ? 60 : 30,
  };
}

/**
 * A change of one field, kept valid: an aspect without 4K (4:5) brings the resolution back to
 * 1080p.
 */
export function changeFormat(format: OutputFormat, change: Partial<OutputFormat>): OutputFormat {
  const next = { ...format, ...change };
  if (!UHD_ASPECTS.includes(next.aspect)) next.resolution = '1080p';
  return next;
}

/**
 * The output's shape (the template's aspects), its resolution (1080p or 4K) and, for visualizers
 * and particles, its frame rate; 4K and 60 fps are for paid plans (the server refuses them on
 * the free one with the same words). Under them, the render's estimated time for the track.
 */
export function FormatFields({
  kind,
  aspects,
  format,
  onChange,
  trackSeconds,
}: {
  kind: RenderKind;
  aspects: readonly Aspect[];
  format: OutputFormat;
  onChange: (format: OutputFormat) => void;
  /** The chosen track's length; the estimate shows once it is known. */
  trackSeconds: number | null;
}) {
  const plan = useSession().plan;
  const paid = plan?.premium ?? false;
  const size = outputSize(format.aspect, format.resolution);
  const withFps = kind === 'visualizer' || kind === 'particles';
  const withResolution = UHD_KINDS.includes(kind);
  const change = (part: Partial<OutputFormat>) => onChange(changeFormat(format, part));
  const estimate =
    trackSeconds === null
      ? null
      : estimateRenderSeconds({ kind, ...size, fps: withFps ? format.fps : 30 }, trackSeconds);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="aspect-label">
          Shape
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="aspect-label"
          value={format.aspect}
          onChange={(value) => change({ aspect: value as Aspect })}
          data={aspects.map((a) => ({ value: a, label: a }))}
        />
      </div>
      {withResolution && (
        <Group gap="sm" align="center" wrap="nowrap">
          <Text size="sm" fw={500} id="resolution-label" style={{ flex: 'none' }}>
            Resolution
          </Text>
          <SegmentedControl
            aria-labelledby="resolution-label"
            value={format.resolution}
            onChange={(value) => change({ resolution: value as Resolution })}
            data={[
              { value: '1080p', label: '1080p' },
              {
                value: '4k',
                label: '4K',
                disabled: !paid || !UHD_ASPECTS.includes(format.aspect),
              },
            ]}
          />
        </Group>
      )}
      {withFps && (
        <Group gap="sm" align="center" wrap="nowrap">
          <Text size="sm" fw={500} id="fps-label" style={{ flex: 'none' }}>
            Frame rate
          </Text>
          <SegmentedControl
            aria-labelledby="fps-label"
            value={String(format.fps)}
            onChange={(value) => change({ fps: value === '60' ? 60 : 30 })}
            data={[
              { value: '30', label: '30 fps' },
              { value: '60', label: '60 fps', disabled: !paid },
            ]}
          />
        </Group>
      )}
      <Text size="xs" c="dimmed" data-testid="output-size">
        {ASPECT_NAMES[format.aspect]}, {size.width} × {size.height} pixels
        {withFps ? `, ${format.fps} frames a second` : ''}
      </Text>
      {!paid && withResolution && (
        <Text size="xs">
          {LARGER_OUTPUTS_MESSAGE}{' '}
          <Anchor component={Link} to="/pricing" size="xs">
            See plans
          </Anchor>
        </Text>
      )}
      {estimate !== null && (
        <Text size="xs" c="dimmed" data-testid="render-estimate">
          Estimated render time: {describeDuration(estimate)} once it starts.
        </Text>
      )}
    </Stack>
  );
}

/** The length of the user's own track once it is ready (the demo loop is not rendered). */
export function chosenTrackSeconds(flow: {
  choice: { kind: string };
  audio: { state: string; duration?: number };
}): number | null {
  if (flow.choice.kind === 'demo' || flow.audio.state !== 'ready') return null;
  return flow.audio.duration ?? null;
}

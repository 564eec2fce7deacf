import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { ASPECTS, type Aspect, type RenderKind } from '../../../core/render/scene';

const ASPECT_NAMES: Record<Aspect, string> = {
  '16:9': 'Landscape',
  '1:1': 'Square',
  '9:16': 'Portrait',
  '4:5': 'Feed portrait',
};

export function aspectOf(width: number, height: number): Aspect | null {
  const entry = Object.entries(ASPECTS).find(([, s]) => s.width === width && s.height === height);
  return entry ? (entry[0] as Aspect) : null;
}

/** The output's shape (the template's aspects) and, for visualizers and particles, its frame rate. */
export function FormatFields({
  kind,
  aspects,
  aspect,
  fps,
  onAspect,
  onFps,
}: {
  kind: RenderKind;
  aspects: readonly Aspect[];
  aspect: Aspect;
  fps: number;
  onAspect: (aspect: Aspect) => void;
  onFps: (fps: 30 | 60) => void;
}) {
  const size = ASPECTS[aspect];
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="aspect-label">
          Shape
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="aspect-label"
          value={aspect}
          onChange={(value) => onAspect(value as Aspect)}
          data={aspects.map((a) => ({ value: a, label: a }))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {ASPECT_NAMES[aspect]}, {size.width} × {size.height} pixels
        </Text>
      </div>
      {(kind === 'visualizer' || kind === 'particles') && (
        <Group gap="sm" align="center" wrap="nowrap">
          <Text size="sm" fw={500} id="fps-label" style={{ flex: 'none' }}>
            Frame rate
          </Text>
          <SegmentedControl
            aria-labelledby="fps-label"
            value={String(fps)}
            onChange={(value) => onFps(value === '60' ? 60 : 30)}
            data={[
              { value: '30', label: '30 fps' },
              { value: '60', label: '60 fps' },
            ]}
          />
        </Group>
      )}
    </Stack>
  );
}

// The editor's controls for what people change most: count, colours, size, speed, direction,
// shape, opacity, links and the emitter. Each reads and writes the design through
// core/particles/design-edit.ts, so an imported file keeps every option without a control.
import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  RangeSlider,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ParticleDesign } from '../../../core/particles/design';
import { MAX_PARTICLES, PARTICLE_SHAPES } from '../../../core/particles/design';
import {
  DIRECTIONS,
  EMITTER_PLACES,
  particleColors,
  particleCount,
  particleDirection,
  particleEmitter,
  particleLinks,
  particleOpacity,
  particleShapes,
  particleSize,
  particleSpeed,
  setParticleColors,
  setParticleCount,
  setParticleDirection,
  setParticleEmitter,
  setParticleLinks,
  setParticleOpacity,
  setParticleShapes,
  setParticleSize,
  setParticleSpeed,
  type Direction,
  type EmitterPlace,
  type Shape,
} from '../../../core/particles/design-edit';

const MAX_COLORS = 6;

const SHAPE_LABELS: Record<Shape, string> = {
  circle: 'Circles',
  square: 'Squares',
  star: 'Stars',
  polygon: 'Hexagons',
  triangle: 'Triangles',
};

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

export interface ControlProps {
  design: ParticleDesign;
  onChange: (design: ParticleDesign) => void;
}

/** A labelled slider whose value is also said in words beside the label. */
function LabelledSlider({
  label,
  value,
  unit = '',
  children,
}: {
  label: string;
  value: string;
  unit?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {value}
          {unit}
        </Text>
      </Group>
      {children}
    </div>
  );
}

const rangeText = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min}` : `${min}–${max}`;

export function ParticleColors({
  design,
  onChange,
  swatches,
  onColorsUsed,
}: ControlProps & { swatches: readonly string[]; onColorsUsed: (colors: string[]) => void }) {
  const colors = particleColors(design);
  const setColors = (next: string[]) => onChange(setParticleColors(design, next));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Colours
      </Text>
      {colors.map((color, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <ColorInput
            style={{ flex: 1 }}
            aria-label={`Particle colour ${index + 1}`}
            value={color}
            format="hex"
            swatches={[...swatches]}
            swatchesPerRow={6}
            withEyeDropper={false}
            onChange={(next) => {
              if (!isHex(next)) return;
              setColors(colors.map((c, i) => (i === index ? next.toLowerCase() : c)));
            }}
            onChangeEnd={(next) => {
              if (isHex(next)) onColorsUsed([next]);
            }}
            popoverProps={{ withinPortal: true }}
            data-testid={`particle-color-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove colour ${index + 1}`}
            disabled={colors.length === 1}
            onClick={() => setColors(colors.filter((_, i) => i !== index))}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={colors.length >= MAX_COLORS}
          onClick={() => setColors([...colors, swatches[0] ?? '#ffffff'])}
        >
          Add a colour
        </Button>
        {swatches.length > 0 && (
          <Text size="xs" c="dimmed">
            Your recent colours are in each colour&apos;s swatches.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export function ParticleShapeAndMotion({ design, onChange }: ControlProps) {
  const count = particleCount(design);
  const size = particleSize(design);
  const speed = particleSpeed(design);
  const opacity = particleOpacity(design);
  const shapes = particleShapes(design);
  return (
    <Stack gap="md">
      <NumberInput
        label="Count"
        description={`Particles on screen at the start, up to ${MAX_PARTICLES.toLocaleString('en')}`}
        min={0}
        max={MAX_PARTICLES}
        step={50}
        value={count}
        onChange={(value) => {
          if (typeof value === 'number') onChange(setParticleCount(design, value));
        }}
        data-testid="particle-count"
      />
      <Checkbox.Group
        label="Shapes"
        value={shapes}
        onChange={(value) => {
          if (value.length > 0) onChange(setParticleShapes(design, value as Shape[]));
        }}
      >
        <Group gap="md" mt={6}>
          {PARTICLE_SHAPES.map((shape) => (
            <Checkbox key={shape} value={shape} label={SHAPE_LABELS[shape]} />
          ))}
        </Group>
      </Checkbox.Group>
      <LabelledSlider label="Size" value={rangeText(size)} unit=" px">
        <RangeSlider
          min={0.5}
          max={60}
          step={0.5}
          minRange={0}
          value={[size.min, size.max]}
          onChange={([min, max]) => onChange(setParticleSize(design, { min, max }))}
          thumbFromLabel="Smallest size"
          thumbToLabel="Largest size"
          label={null}
        />
      </LabelledSlider>
      <LabelledSlider label="Speed" value={rangeText(speed)}>
        <RangeSlider
          min={0}
          max={20}
          step={0.1}
          minRange={0}
          value={[speed.min, speed.max]}
          onChange={([min, max]) => onChange(setParticleSpeed(design, { min, max }))}
          thumbFromLabel="Slowest speed"
          thumbToLabel="Fastest speed"
          label={null}
        />
      </LabelledSlider>
      <LabelledSlider label="Opacity" value={rangeText(opacity)}>
        <RangeSlider
          min={0}
          max={1}
          step={0.05}
          minRange={0}
          value={[opacity.min, opacity.max]}
          onChange={([min, max]) => onChange(setParticleOpacity(design, { min, max }))}
          thumbFromLabel="Faintest opacity"
          thumbToLabel="Strongest opacity"
          label={null}
        />
      </LabelledSlider>
      <Select
        label="Direction"
        data={DIRECTIONS.map((d) => ({ value: d.value, label: d.label }))}
        value={particleDirection(design)}
        allowDeselect={false}
        onChange={(value) => {
          if (value) onChange(setParticleDirection(design, value as Direction));
        }}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

export function ParticleLinks({ design, onChange }: ControlProps) {
  const links = particleLinks(design);
  const set = (change: Partial<typeof links>) =>
    onChange(setParticleLinks(design, { ...links, ...change }));
  return (
    <Stack gap="sm">
      <Switch
        label="Join nearby particles with lines"
        checked={links.enable}
        onChange={(event) => set({ enable: event.currentTarget.checked })}
      />
      {links.enable && (
        <>
          <LabelledSlider label="Line length" value={`${links.distance}`} unit=" px">
            <Slider
              min={20}
              max={400}
              step={10}
              value={links.distance}
              onChange={(distance) => set({ distance })}
              thumbLabel="Line length"
              label={null}
            />
          </LabelledSlider>
          <LabelledSlider label="Line opacity" value={links.opacity.toFixed(2)}>
            <Slider
              min={0.05}
              max={1}
              step={0.05}
              value={links.opacity}
              onChange={(opacity) => set({ opacity })}
              thumbLabel="Line opacity"
              label={null}
            />
          </LabelledSlider>
          <ColorInput
            label="Line colour"
            value={links.color}
            format="hex"
            withEyeDropper={false}
            onChange={(color) => {
              if (isHex(color)) set({ color: color.toLowerCase() });
            }}
            popoverProps={{ withinPortal: true }}
          />
        </>
      )}
    </Stack>
  );
}

export function ParticleEmitter({ design, onChange }: ControlProps) {
  const emitter = particleEmitter(design);
  const set = (change: Partial<typeof emitter>) =>
    onChange(setParticleEmitter(design, { ...emitter, ...change }));
  return (
    <Stack gap="sm">
      <Switch
        label="Keep sending new particles"
        description="An emitter adds particles all the time, from an edge or the centre."
        checked={emitter.enable}
        onChange={(event) => set({ enable: event.currentTarget.checked })}
      />
      {emitter.enable && (
        <>
          <Select
            label="From"
            data={EMITTER_PLACES.map((p) => ({ value: p.value, label: p.label }))}
            value={emitter.place}
            allowDeselect={false}
            onChange={(value) => {
              if (value) set({ place: value as EmitterPlace });
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <LabelledSlider label="Particles per second" value={`${emitter.perSecond}`}>
            <Slider
              min={10}
              max={500}
              step={10}
              value={emitter.perSecond}
              onChange={(perSecond) => set({ perSecond })}
              thumbLabel="Particles per second"
              label={null}
            />
          </LabelledSlider>
        </>
      )}
    </Stack>
  );
}

export { LabelledSlider };

import { Group, NumberInput, Slider, Text } from '@mantine/core';
import { useId, useState, type CSSProperties } from 'react';
import classes from './tools.module.css';

/**
 * One colour channel as a slider and a number field that move together. The field may be empty
 * or half typed while focused; the colour changes only for a whole number in range.
 */
export function ChannelField({
  label,
  value,
  max,
  unit,
  track,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  unit?: string;
  /** The CSS background of the slider's track, showing what moving it does. */
  track: string;
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | number | null>(null);
  const labelId = useId();
  return (
    <div>
      <Text component="label" htmlFor={`${labelId}-field`} id={labelId} size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Slider
          className={classes.channelSlider}
          style={{ flex: 1, '--channel-track': track } as CSSProperties}
          styles={{ bar: { background: 'transparent' } }}
          value={value}
          min={0}
          max={max}
          step={1}
          label={null}
          thumbLabel={`${label} slider`}
          thumbSize={20}
          size="lg"
          onChange={(next) => {
            setDraft(null);
            onChange(next);
          }}
        />
        <NumberInput
          id={`${labelId}-field`}
          aria-labelledby={labelId}
          value={draft ?? value}
          onChange={(next) => {
            setDraft(next);
            if (typeof next === 'number' && Number.isInteger(next) && next >= 0 && next <= max) {
              onChange(next);
            }
          }}
          onBlur={() => setDraft(null)}
          min={0}
          max={max}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          suffix={unit}
          w={96}
          size="sm"
        />
      </Group>
    </div>
  );
}

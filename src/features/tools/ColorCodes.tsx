import { Code, Group, Stack, Text } from '@mantine/core';
import {
  formatHsl,
  formatRgb,
  rgbToHex,
  rgbToHsl,
  type Rgb,
} from '../../../core/color/color-convert';
import { CopyTextButton } from '../../ui/CopyTextButton';
import classes from './tools.module.css';

/** A colour's hex, rgb() and hsl() codes, each with a copy button. */
export function ColorCodes({
  rgb,
  onCopied,
  testId,
}: {
  rgb: Rgb;
  onCopied?: () => void;
  testId?: string;
}) {
  const codes = [
    { id: 'hex', label: 'HEX', value: rgbToHex(rgb) },
    { id: 'rgb', label: 'RGB', value: formatRgb(rgb) },
    { id: 'hsl', label: 'HSL', value: formatHsl(rgbToHsl(rgb)) },
  ];
  return (
    <Stack gap="xs" data-testid={testId}>
      {codes.map((code) => (
        <Group key={code.id} justify="space-between" wrap="nowrap" gap="sm" data-code={code.id}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text size="xs" fw={700} c="dimmed" w={32}>
              {code.label}
            </Text>
            <Code className={classes.colorCode}>{code.value}</Code>
          </Group>
          <CopyTextButton
            text={code.value}
            label="Copy"
            accessibleName={`Copy ${code.id} ${code.value}`}
            onCopied={onCopied}
          />
        </Group>
      ))}
    </Stack>
  );
}

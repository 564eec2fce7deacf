import {
  ActionIcon,
  Group,
  Paper,
  SimpleGrid,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { PaletteColor } from '../../../core/color/palette';
import { toast } from '../../ui/toast';
import classes from './tools.module.css';

async function copyHex(hex: string) {
  try {
    await navigator.clipboard.writeText(hex);
    toast.success(`Copied ${hex}`);
  } catch {
    toast.error('Unable to copy to the clipboard');
  }
}

/** The image's dominant colours: choosing one shows its codes, the icon copies its hex. */
export function PaletteSwatches({
  colors,
  onChoose,
}: {
  colors: PaletteColor[];
  onChoose: (color: PaletteColor) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" data-testid="palette">
      {colors.map((color) => (
        <Paper key={color.hex} withBorder radius="md" data-hex={color.hex}>
          <UnstyledButton
            className={classes.paletteSwatch}
            style={{ background: color.hex }}
            onClick={() => onChoose(color)}
            aria-label={`Choose ${color.hex}`}
          />
          <Group justify="space-between" gap={4} px="xs" py={6} wrap="nowrap">
            <div>
              <Text size="sm" ff="monospace" fw={600}>
                {color.hex}
              </Text>
              <Text size="xs" c="dimmed">
                {Math.round(color.share * 100)}%<VisuallyHidden> of the image</VisuallyHidden>
              </Text>
            </div>
            <Tooltip label="Copy hex" openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => void copyHex(color.hex)}
                aria-label={`Copy ${color.hex}`}
              >
                <IconCopy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

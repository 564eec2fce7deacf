import { Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import classes from './tools.module.css';

/** Swatches of recently made colours; clicking one brings it back. */
export function RecentColors({
  colors,
  onRestore,
  onClear,
}: {
  colors: string[];
  onRestore: (hex: string) => void;
  onClear: () => void;
}) {
  if (colors.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-recent-colors">
        Colours you make or copy are kept here, on this device only.
      </Text>
    );
  }
  return (
    <div>
      <Group gap={8} data-testid="recent-colors" role="group" aria-label="Recent colours">
        {colors.map((hex) => (
          <Tooltip key={hex} label={hex} openDelay={300}>
            <UnstyledButton
              className={classes.recentSwatch}
              style={{ background: hex }}
              onClick={() => onRestore(hex)}
              aria-label={`Restore ${hex}`}
            />
          </Tooltip>
        ))}
      </Group>
      <Button variant="subtle" size="xs" color="gray" mt="sm" onClick={onClear}>
        Clear recent colours
      </Button>
    </div>
  );
}

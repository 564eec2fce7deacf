// The percent, a line on the time left and the bar under them: a render's progress card, a
// release kit and each of its parts show their progress the same way.
import { Group, Progress, Stack, Text } from '@mantine/core';

export function ProgressMeter({
  percent,
  state,
  timeText,
  label,
  size = 'lg',
  testIds,
}: {
  /** 0-100. */
  percent: number;
  /** waiting: not started yet; working: moving (striped, and never an empty bar); done: teal. */
  state: 'waiting' | 'working' | 'done';
  /** What is left, in words ("About 3 min left", "Done"). */
  timeText: string;
  /** The bar's accessible name, before ": N% rendered" (none: just "N% rendered"). */
  label?: string;
  size?: 'lg' | 'sm';
  testIds: { percent: string; time: string };
}) {
  const whole = Math.floor(percent);
  const large = size === 'lg';
  return (
    <Stack gap={large ? 6 : 4}>
      <Group justify="space-between" gap="xs">
        <Text
          {...(large ? { fw: 750, fz: 28, lh: 1 } : { size: 'sm', fw: 600 })}
          data-testid={testIds.percent}
        >
          {whole}%
        </Text>
        <Text size={large ? 'sm' : 'xs'} c="dimmed" data-testid={testIds.time}>
          {timeText}
        </Text>
      </Group>
      <Progress
        value={Math.max(percent, state === 'working' ? 2 : 0)}
        size={size}
        radius="xl"
        color={state === 'done' ? 'teal' : undefined}
        striped={state !== 'done'}
        animated={state === 'working'}
        aria-label={`${label ? `${label}: ` : ''}${whole}% rendered`}
      />
    </Stack>
  );
}

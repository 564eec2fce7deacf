import { List } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PlanDefinition } from '../../../core/plans/catalogue';
import { creditLines } from './plan-text';

/** What a plan gives, as a ticked list: its credits per period, then (unless `creditsOnly`) its features. */
export function PlanIncludes({
  plan,
  creditsOnly = false,
}: {
  plan: PlanDefinition;
  creditsOnly?: boolean;
}) {
  const lines = creditsOnly ? creditLines(plan) : [...creditLines(plan), ...plan.features];
  return (
    <List
      spacing={4}
      size="sm"
      icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}
    >
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered panel saying there is nothing here (yet), and what the user can do about it. */
export function EmptyPanel({
  icon,
  title,
  description,
  actions,
  roomy = false,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  /** Buttons under the description. */
  actions?: ReactNode;
  /** More room around it: the panel stands in for the whole page (a link that leads nowhere). */
  roomy?: boolean;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" shadow="xs" data-testid={testId}>
      <EmptyState
        py={roomy ? 56 : 40}
        px="md"
        variant="light"
        icon={icon}
        title={title}
        description={description}
      >
        {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}

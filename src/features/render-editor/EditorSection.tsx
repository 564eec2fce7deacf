import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled group of an editor's fields (Audio, Images, Colours, ...). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/** The page's one <h1>, a line of description, and the browser tab title to match. */
export function PageHeader({
  title,
  description,
  eyebrow,
}: {
  title: string;
  description: ReactNode;
  eyebrow?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="xs" mb="xl">
      {eyebrow}
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="lg" maw={720}>
        {description}
      </Text>
    </Stack>
  );
}

import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../ui/use-page-title';
import classes from './AuthPageLayout.module.css';

/** A narrow, centred page for the account forms: the page's <h1>, a line, then a card. */
export function AuthPageLayout({
  title,
  description,
  children,
  bare = false,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Without the card around the content (the content brings its own). */
  bare?: boolean;
}) {
  usePageTitle(title);
  return (
    <Container size={520} px="md" py={{ base: 32, sm: 56 }}>
      <Stack gap={6} mb="xl" align="center" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="md" maw={440}>
          {description}
        </Text>
      </Stack>
      {bare ? (
        children
      ) : (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 0, xs: 'xl' }}
          shadow="sm"
          className={classes.card}
        >
          {children}
        </Paper>
      )}
    </Container>
  );
}

// The top of a creator page (/music-visualizer-creator, /spotify-canvas-creator,
// /particle-system-video-creator): what the kind is, its facts, the way in, and a preview playing
// beside the text. What follows the hero (steps, presets) is the page's own.
import {
  Badge,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface HeroLink {
  label: string;
  to: string;
}

export function CreatorHero({
  title,
  description,
  badge,
  pitch,
  facts,
  start,
  browse,
  links,
  preview,
  previewWidth,
  textSpan = 6,
  size = 'lg',
  children,
}: {
  title: string;
  description: string;
  badge: string;
  /** Said after the route's description. */
  pitch: string;
  /** Ticked list under the text. */
  facts?: readonly string[];
  /** The main button. */
  start: HeroLink;
  /** The second button, when there is one. */
  browse?: HeroLink | null;
  /** More links under the buttons. */
  links?: ReactNode;
  /** The preview beside the text (none while it cannot be drawn). */
  preview: ReactNode | null;
  previewWidth?: number;
  /** Columns of 12 the text takes on a wide screen; the preview takes the rest. */
  textSpan?: number;
  size?: 'lg' | 'xl';
  /** The rest of the page, under the hero. */
  children?: ReactNode;
}) {
  return (
    <Container size={size} py={{ base: 28, sm: 56 }}>
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: textSpan }}>
          <Stack gap="md">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              {badge}
            </Badge>
            <Title order={1}>{title}</Title>
            <Text size="lg" c="dimmed">
              {description} {pitch}
            </Text>
            {facts && (
              <List
                spacing={6}
                icon={
                  <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                    <IconCheck size={14} aria-hidden />
                  </ThemeIcon>
                }
              >
                {facts.map((fact) => (
                  <List.Item key={fact}>{fact}</List.Item>
                ))}
              </List>
            )}
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to={start.to}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {start.label}
              </Button>
              {browse && (
                <Button component={Link} to={browse.to} size="md" variant="default">
                  {browse.label}
                </Button>
              )}
            </Group>
            {links}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 12 - textSpan }}>
          {preview && (
            <Paper
              radius="lg"
              shadow="md"
              maw={previewWidth}
              mx={previewWidth ? 'auto' : undefined}
              style={{ overflow: 'hidden' }}
            >
              {preview}
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {children}
    </Container>
  );
}

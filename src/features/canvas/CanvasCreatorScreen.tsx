// /spotify-canvas-creator: what a Spotify Canvas is, Spotify's rules our loops meet, the steps,
// and a way in; one template loops beside the text.
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
import { useMemo } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { usePageTitle } from '../../ui/use-page-title';
import { demoSceneInput, PreviewStage, StageCanvas, usePreviewWorker } from '../render-editor';
import { CANVAS_RULES } from './canvas-guide';

const clock = () => performance.now() / 1000;

export function CanvasCreatorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  usePageTitle(title);
  const api = usePreviewWorker();
  const featured = useMemo(() => listTemplates('canvas')[0], []);
  const input = useMemo(() => (featured ? demoSceneInput(featured, null) : null), [featured]);
  const createPath = featured
    ? `/spotify-canvas-video-templates/create/${featured.name}`
    : '/spotify-canvas-video-templates';
  return (
    <Container size="lg" py={{ base: 28, sm: 56 }}>
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Spotify Canvas
            </Badge>
            <Title order={1}>{title}</Title>
            <Text size="lg" c="dimmed">
              {description} A Canvas is the short vertical loop that plays behind your song in
              Spotify. Ours are cut on the beat of your track, so they sit in time with the song
              every time they repeat.
            </Text>
            <List
              spacing={6}
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
              }
            >
              {CANVAS_RULES.map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to={createPath}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Make a Canvas
              </Button>
              <Button
                component={Link}
                to="/spotify-canvas-video-templates"
                size="md"
                variant="default"
              >
                Browse Canvas templates
              </Button>
            </Group>
            <Group gap="md">
              <Button
                component={Link}
                to="/spotify-canvas-videos/how-to-create"
                variant="subtle"
                px={0}
              >
                How to create a Canvas
              </Button>
              <Button component={Link} to="/spotify-canvas-videos/faq" variant="subtle" px={0}>
                Canvas FAQ
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {input && (
            <Paper radius="lg" shadow="md" maw={340} mx="auto" style={{ overflow: 'hidden' }}>
              <PreviewStage api={api} getTime={clock} running fps={30}>
                <StageCanvas
                  input={input}
                  label={`${featured?.title ?? ''} loop`}
                  maxBacking={720}
                />
              </PreviewStage>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}

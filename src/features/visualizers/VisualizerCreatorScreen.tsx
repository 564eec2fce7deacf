// /music-visualizer-creator: what a visualizer is, how to make one in three steps, and a way in.
import {
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconMovie, IconMusic, IconPalette } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { usePageTitle } from '../../ui/use-page-title';
import { useLibraryServices } from '../library';
import {
  demoSceneInput,
  PreviewStage,
  StageCanvas,
  useChosenAudio,
  usePreviewWorker,
} from '../render-editor';

const STEPS = [
  {
    icon: IconPalette,
    title: 'Pick a look',
    text: 'Choose a visualizer template and watch it move to music right away.',
  },
  {
    icon: IconMusic,
    title: 'Add your track and artwork',
    text: 'Use a track from your library or this device, your cover, logo, colours and title. The preview follows your music as you play it.',
  },
  {
    icon: IconMovie,
    title: 'Render your video',
    text: 'We render exactly what you saw in full HD, square or portrait, at 30 or 60 fps, ready to post.',
  },
] as const;

const DEMO = { kind: 'demo' } as const;

export function VisualizerCreatorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  usePageTitle(title);
  const api = usePreviewWorker();
  const { cache } = useLibraryServices();
  const audio = useChosenAudio(DEMO, api, cache);
  const featured = useMemo(() => listTemplates('visualizer')[0], []);
  const input = useMemo(
    () => (featured ? demoSceneInput(featured, audio.state === 'ready' ? audio.key : null) : null),
    [featured, audio],
  );
  const started = useRef(0);
  useEffect(() => {
    started.current = performance.now();
  }, []);
  const duration = audio.state === 'ready' ? audio.duration : 0;
  const getTime = useCallback(
    () => (duration > 0 ? ((performance.now() - started.current) / 1000) % duration : 0),
    [duration],
  );
  const createPath = featured
    ? `/audio-reactive-music-visualizers/create/${featured.name}`
    : '/audio-reactive-music-visualizers';

  return (
    <Container size="xl" py={{ base: 28, sm: 56 }}>
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Audio-reactive videos
            </Badge>
            <Title order={1}>{title}</Title>
            <Text size="lg" c="dimmed">
              {description} Bars, rings, waveforms and particles that move with your beat, your
              artwork and your colours.
            </Text>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to={createPath}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Start creating
              </Button>
              <Button
                component={Link}
                to="/audio-reactive-music-visualizers"
                size="md"
                variant="default"
              >
                Browse all templates
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {input && (
            <Paper radius="lg" shadow="md" style={{ overflow: 'hidden' }}>
              <PreviewStage api={api} getTime={getTime} running fps={30}>
                <StageCanvas
                  input={input}
                  label={`${featured?.title ?? ''} preview`}
                  maxBacking={960}
                />
              </PreviewStage>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <Title order={2} mt={64} mb="lg" fz="xl">
        Three steps to your video
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {STEPS.map((step, i) => (
          <Paper key={step.title} withBorder radius="lg" p="lg" shadow="xs">
            <Group gap="sm" mb="sm">
              <ThemeIcon size={40} radius="xl" variant="light">
                <step.icon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={700} c="dimmed">
                Step {i + 1}
              </Text>
            </Group>
            <Title order={3} fz="lg" mb={6}>
              {step.title}
            </Title>
            <Text size="sm" c="dimmed">
              {step.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}

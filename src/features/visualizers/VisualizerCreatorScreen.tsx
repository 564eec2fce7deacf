// /music-visualizer-creator: what a visualizer is, how to make one in three steps, and a way in.
import { Button, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMovie, IconMusic, IconPackage, IconPalette } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { CreatorHero } from '../../ui/CreatorHero';
import { usePageTitle } from '../../ui/use-page-title';
import { useLibraryServices } from '../library';
import { KIT_CREATOR_PATH } from '../release-kits';
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
    <CreatorHero
      size="xl"
      title={title}
      description={description}
      badge="Audio-reactive videos"
      pitch="Bars, rings, waveforms and particles that move with your beat, your artwork and your colours."
      start={{ label: 'Start creating', to: createPath }}
      browse={{ label: 'Browse all templates', to: '/audio-reactive-music-visualizers' }}
      links={
        <Button
          component={Link}
          to={KIT_CREATOR_PATH}
          variant="subtle"
          px={0}
          leftSection={<IconPackage size={16} aria-hidden />}
        >
          Releasing a single? Make every video of it at once with a release kit
        </Button>
      }
      preview={
        input && (
          <PreviewStage api={api} getTime={getTime} running fps={30}>
            <StageCanvas
              input={input}
              label={`${featured?.title ?? ''} preview`}
              maxBacking={960}
            />
          </PreviewStage>
        )
      }
      textSpan={5}
    >
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
    </CreatorHero>
  );
}

// /particle-system-video-creator: what a particle video is, the presets to start from, how it is
// made (design in the free editor, pick a track, render), and a way in; a preset plays beside it.
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { presetDesign, PARTICLE_PRESETS } from '../../../core/particles/presets';
import { defaultSettings, findTemplate } from '../../../core/render/renderer';
import { PARTICLE_TEMPLATE_NAME } from '../../../core/render/templates/particles/particle-system';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import { CreatorHero } from '../../ui/CreatorHero';
import { usePageTitle } from '../../ui/use-page-title';
import { PreviewStage, StageCanvas, usePreviewWorker } from '../render-editor';
import { useSession } from '../session';

const TEMPLATE = findTemplate('particles', PARTICLE_TEMPLATE_NAME)!;

export const PARTICLE_VIDEO_FACTS = [
  'Landscape 1920 × 1080, square 1080 × 1080, vertical 1080 × 1920 or feed portrait 1080 × 1350',
  '4K and 60 frames a second on paid plans, as long as your track',
  'Band energy drives emission, size and speed; beats set off bursts',
  'What the editor shows is what the video shows: the same engine draws both',
] as const;

const STEPS = [
  {
    title: 'Design it',
    text: 'Start from a preset in the free particle editor and change the count, colours, shapes, motion, links and emitters. It runs on your device, offline too.',
  },
  {
    title: 'Add your music',
    text: 'Pick a track from your library or a file of this device, choose what the particles follow, and play it to see them move.',
  },
  {
    title: 'Render the video',
    text: 'Pick the shape and frame rate and render. Each video uses one visualizer credit, given back if the render fails.',
  },
] as const;

export function ParticleCreatorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  usePageTitle(title);
  const api = usePreviewWorker();
  const signedIn = useSession().status === 'signed-in';
  // The preview's clock starts with the page: a particle scene is simulated from time 0.
  const started = useRef<number | null>(null);
  const clock = useMemo(
    () => () => {
      started.current ??= performance.now();
      return (performance.now() - started.current) / 1000;
    },
    [],
  );
  const input = useMemo<PreviewSceneInput>(
    () => ({
      settings: { ...defaultSettings(TEMPLATE, '16:9'), particles: presetDesign('beat-burst') },
      analysisKey: null,
      images: {},
    }),
    [],
  );
  return (
    <CreatorHero
      title={title}
      description={description}
      badge="Particle videos"
      pitch="Snow, embers, confetti, starfields and glowing networks that drift over your artwork and burst on the beat of your song."
      facts={PARTICLE_VIDEO_FACTS}
      start={{ label: 'Open the particle editor', to: '/tools/particle-system-editor' }}
      browse={signedIn ? { label: 'My particle videos', to: '/media/particle-systems' } : null}
      preview={
        <PreviewStage api={api} getTime={clock} running fps={30}>
          <StageCanvas input={input} label="Beat Burst particles" maxBacking={720} />
        </PreviewStage>
      }
    >
      <Title order={2} fz="xl" mt={56} mb="md">
        How it works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {STEPS.map((step, index) => (
          <Paper key={step.title} withBorder radius="lg" p="lg">
            <Text c="dimmed" size="sm" fw={600}>
              Step {index + 1}
            </Text>
            <Title order={3} fz="lg" my={6}>
              {step.title}
            </Title>
            <Text size="sm">{step.text}</Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Title order={2} fz="xl" mt={56} mb="md">
        Presets to start from
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="creator-presets">
        {PARTICLE_PRESETS.map((preset) => (
          <Paper
            key={preset.name}
            radius="lg"
            p="md"
            style={{ background: preset.design.background.color, color: '#fff' }}
          >
            <Text fw={700}>{preset.title}</Text>
            <Text size="sm" style={{ opacity: 0.85 }}>
              {preset.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </CreatorHero>
  );
}

// /spotify-canvas-templates and /spotify-canvas-video-templates: every Canvas template looping
// with the demo artwork, drawn by the same renderer as the video.
import { Anchor, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { PageHeader } from '../../ui/PageHeader';
import { demoSceneInput, PreviewStage, TemplateCard, usePreviewWorker } from '../render-editor';

const clock = () => performance.now() / 1000;

export function CanvasGalleryScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const api = usePreviewWorker();
  const templates = useMemo(() => listTemplates('canvas'), []);
  const inputs = useMemo(() => templates.map((t) => demoSceneInput(t, null)), [templates]);
  return (
    <Container size="xl" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Group gap="lg" mb="lg">
        <Text size="sm" c="dimmed">
          Every template loops seamlessly at 9:16, 3 to 8 seconds, ready for Spotify for Artists.
        </Text>
        <Anchor component={Link} to="/spotify-canvas-videos/how-to-create" size="sm" fw={600}>
          How it works
        </Anchor>
        <Anchor component={Link} to="/spotify-canvas-videos/faq" size="sm" fw={600}>
          Canvas FAQ
        </Anchor>
      </Group>
      <PreviewStage api={api} getTime={clock} running fps={30}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="lg" data-testid="canvas-gallery">
          {templates.map((template, i) => (
            <TemplateCard
              key={template.name}
              template={template}
              input={inputs[i]!}
              createPath={`/spotify-canvas-video-templates/create/${template.name}`}
            />
          ))}
        </SimpleGrid>
      </PreviewStage>
    </Container>
  );
}

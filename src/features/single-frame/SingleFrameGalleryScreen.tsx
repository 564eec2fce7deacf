// /single-frame-music-video-templates: the picture of every single-frame template, drawn with the
// demo artwork by the same renderer as the video.
import { Container, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { PageHeader } from '../../ui/PageHeader';
import { demoSceneInput, PreviewStage, TemplateCard, usePreviewWorker } from '../render-editor';

const still = () => 0;

export function SingleFrameGalleryScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const api = usePreviewWorker();
  const templates = useMemo(() => listTemplates('single-frame'), []);
  const inputs = useMemo(() => templates.map((t) => demoSceneInput(t, null)), [templates]);
  return (
    <Container size="xl" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <PreviewStage api={api} getTime={still} running={false}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {templates.map((template, i) => (
            <TemplateCard
              key={template.name}
              template={template}
              input={inputs[i]!}
              createPath={`/single-frame-music-video-templates/create/${template.name}`}
            />
          ))}
        </SimpleGrid>
      </PreviewStage>
    </Container>
  );
}

import { Button, EmptyState, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../lib/network';
import { RENDER_TEXT, type RenderKind } from './render-kinds';
import { useRenderList } from './render-queries';
import { RenderCard } from './RenderCard';
import { RendersLayout } from './RendersLayout';
import { useDeleteRender } from './use-delete-render';

const EMPTY: Record<RenderKind, { title: string; text: string; cta: string }> = {
  visualizer: {
    title: 'No visualizers yet',
    text: 'Pick a template, add your track and artwork, and watch it move to your music before you render.',
    cta: 'Create a visualizer',
  },
  'single-frame': {
    title: 'No static music videos yet',
    text: 'Turn your cover art and a track into a music video in a minute: pick a template to start.',
    cta: 'Create a static video',
  },
  canvas: {
    title: 'No Canvas videos yet',
    text: 'Pick a Canvas template, cut it on the beat of your track, and get a loop ready for Spotify for Artists.',
    cta: 'Create a Canvas',
  },
  particles: {
    title: 'No particle videos yet',
    text: 'Design snow, embers, confetti or a starfield in the free particle editor, then render it with your track.',
    cta: 'Open the particle editor',
  },
};

/** /media/visualizers, /media/single-frame-videos, /media/canvas-videos and /media/particle-systems: the user's renders of one kind. */
export function RenderListScreen({
  kind,
  title,
  description,
}: {
  kind: RenderKind;
  title: string;
  description: string;
}) {
  const online = useOnline();
  const { value: rows } = useRenderList(kind);
  const deletion = useDeleteRender();
  const text = RENDER_TEXT[kind];
  const empty = EMPTY[kind];

  const createButton = (
    <Button
      component={Link}
      to={text.createPath()}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {empty.cta}
    </Button>
  );

  return (
    <RendersLayout
      kind={kind}
      title={title}
      description={description}
      actions={rows && rows.length > 0 ? createButton : undefined}
    >
      {rows === undefined ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} radius="lg" h={260} />
          ))}
        </SimpleGrid>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" shadow="xs">
          <EmptyState
            py={56}
            px="md"
            variant="light"
            icon={<IconSparkles size={28} />}
            title={empty.title}
            description={empty.text}
          >
            <EmptyState.Actions>{createButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Title order={2} fz="lg" mb="md">
            Your {text.plural}{' '}
            <Text span c="dimmed" fz="sm" fw={500} data-testid="render-count">
              {rows.length}
            </Text>
          </Title>
          <SimpleGrid
            cols={kind === 'canvas' ? { base: 2, sm: 3, md: 4, lg: 5 } : { base: 1, xs: 2, md: 3 }}
            spacing={{ base: 'sm', sm: 'md' }}
          >
            {rows.map((row) => (
              <RenderCard key={row.key} row={row} online={online} onDelete={deletion.ask} />
            ))}
          </SimpleGrid>
        </>
      )}
      {deletion.dialog}
    </RendersLayout>
  );
}

import { Alert, Anchor, Container, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPlugConnectedX } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { useOnline } from '../../lib/network';
import { RENDER_TEXT, type RenderKind } from './render-kinds';
import { useRenderProgress } from './render-queries';
import { RenderProgressCard } from './RenderProgressCard';
import { RenderLoading, RenderNotFound } from './RenderStates';
import { OfflineAlert } from '../../ui/OfflineAlert';

/**
 * /audio-reactive-music-visualizers/progress/{vidId} and /single-frame-music-videos/progress/{vidId}:
 * follows the render every 5 s until it is ready (then leads to the video) or failed.
 */
export function RenderProgressScreen({
  kind,
  title,
  description,
}: {
  kind: RenderKind;
  title: string;
  description: string;
}) {
  const { vidId = '' } = useParams({ strict: false }) as { vidId?: string };
  const online = useOnline();
  const state = useRenderProgress(kind, vidId);
  const text = RENDER_TEXT[kind];

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <Anchor component={Link} to={text.listPath} size="sm" fw={600} mb="md" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> My {text.plural}
        </Group>
      </Anchor>
      <PageHeader title={title} description={description} />
      <Stack gap="md">
        {!online && state.row && <OfflineAlert>{OFFLINE_ACTION}</OfflineAlert>}
        {online && state.problem && (
          <Alert
            color="yellow"
            variant="light"
            radius="md"
            icon={<IconPlugConnectedX size={20} aria-hidden />}
          >
            {state.problem}
          </Alert>
        )}
        {state.notFound ? (
          <RenderNotFound kind={kind} />
        ) : state.row ? (
          <RenderProgressCard row={state.row} />
        ) : (
          <RenderLoading online={online} />
        )}
      </Stack>
    </Container>
  );
}

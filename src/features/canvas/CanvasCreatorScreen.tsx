// /spotify-canvas-creator: what a Spotify Canvas is, Spotify's rules our loops meet, the steps,
// and a way in; one template loops beside the text.
import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { CreatorHero } from '../../ui/CreatorHero';
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
    <CreatorHero
      title={title}
      description={description}
      badge="Spotify Canvas"
      pitch="A Canvas is the short vertical loop that plays behind your song in Spotify. Ours are cut on the beat of your track, so they sit in time with the song every time they repeat."
      facts={CANVAS_RULES}
      start={{ label: 'Make a Canvas', to: createPath }}
      browse={{ label: 'Browse Canvas templates', to: '/spotify-canvas-video-templates' }}
      links={
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
      }
      preview={
        input && (
          <PreviewStage api={api} getTime={clock} running fps={30}>
            <StageCanvas input={input} label={`${featured?.title ?? ''} loop`} maxBacking={720} />
          </PreviewStage>
        )
      }
      previewWidth={340}
      textSpan={7}
    />
  );
}

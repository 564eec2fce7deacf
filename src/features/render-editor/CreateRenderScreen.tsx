// The create screen of a template (visualizer or single-frame): audio, images, colours, text and
// format on one side, the live preview on the other (above on a phone), the Render button last.
import {
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTemplate } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { outputSize, type RenderKind } from '../../../core/render/scene';
import type { TemplateInfo } from '../../../core/render/template';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import { PageHeader } from '../../ui/PageHeader';
import { CanvasEditor } from './CanvasEditor';
import { Section } from './EditorSection';
import { LookSections } from './LookSections';
import { withLyrics } from './lyrics-look';
import { LyricsSection } from './LyricsSection';
import {
  chosenTrackSeconds,
  FormatFields,
  formatOfSettings,
  type OutputFormat,
} from './FormatFields';
import { PreviewFrame, PreviewStage, StageCanvas } from './preview-stage';
import { PreviewTransport } from './PreviewTransport';
import classes from './render-editor.module.css';
import { RenderSubmit } from './RenderSubmit';
import { TrackPicker } from './TrackPicker';
import { useCreateRender } from './use-create-render';
import { useLyricsLook } from './use-lyrics-look';
import { useTemplateLook } from './use-template-look';

export interface KindCopy {
  kind: RenderKind;
  galleryPath: string;
  galleryLabel: string;
  noun: string;
}

export const VISUALIZER_COPY: KindCopy = {
  kind: 'visualizer',
  galleryPath: '/audio-reactive-music-visualizers',
  galleryLabel: 'All visualizers',
  noun: 'visualizer',
};

export const CANVAS_COPY: KindCopy = {
  kind: 'canvas',
  galleryPath: '/spotify-canvas-video-templates',
  galleryLabel: 'All Canvas templates',
  noun: 'Canvas',
};

export const SINGLE_FRAME_COPY: KindCopy = {
  kind: 'single-frame',
  galleryPath: '/single-frame-music-video-templates',
  galleryLabel: 'All static templates',
  noun: 'static music video',
};

/** The template named by the route's {vizName}, or undefined. */
export function templateFromRoute(kind: RenderKind, name: string): TemplateInfo | undefined {
  return listTemplates(kind).find((template) => template.name === name);
}

function UnknownTemplate({ copy, name }: { copy: KindCopy; name: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs" data-testid="unknown-template">
      <Stack align="center" gap="sm" py="lg">
        <IconTemplate size={36} stroke={1.5} aria-hidden />
        <Title order={2} fz="lg">
          Template not found
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          There is no {copy.noun} template called “{name}”. It may have been renamed: pick one from
          the gallery.
        </Text>
        <Button component={Link} to={copy.galleryPath} mt="xs">
          {copy.galleryLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

function Editor({ template, copy }: { template: TemplateInfo; copy: KindCopy }) {
  const flow = useCreateRender(copy.kind);
  const { api, player } = flow;
  const look = useTemplateLook(template);
  const { settings, setSettings } = look;
  // A still has no lyrics; a visualizer draws the track's in the chosen style.
  const lyrics = useLyricsLook(flow.choice);
  const withLyricsSection = copy.kind === 'visualizer';
  const drawnLyrics = withLyricsSection ? lyrics.settings : null;

  const format = formatOfSettings(settings, template.aspects[0]!);
  const analysisKey =
    flow.audio.state === 'ready' && copy.kind === 'visualizer' ? flow.audio.key : null;
  const input = useMemo<PreviewSceneInput>(
    () => ({
      settings: withLyrics(settings, drawnLyrics),
      analysisKey,
      images: look.previewImages,
    }),
    [settings, drawnLyrics, analysisKey, look.previewImages],
  );

  const setFormat = (next: OutputFormat) =>
    setSettings((s) => ({ ...s, ...outputSize(next.aspect, next.resolution), fps: next.fps }));

  const preview = (
    <Stack gap="sm" className={classes.stickyPreview}>
      <PreviewFrame width={settings.width} height={settings.height}>
        <PreviewStage
          api={api}
          getTime={player.getTime}
          running={player.playing && copy.kind === 'visualizer'}
          redrawKey={player.time}
        >
          <StageCanvas input={input} label={`Preview of ${template.title}`} />
        </PreviewStage>
      </PreviewFrame>
      <PreviewTransport player={player} audio={flow.audio} />
    </Stack>
  );

  return (
    <Grid gap={{ base: 'md', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 7 }}>{preview}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Section title="Audio">
            <TrackPicker flow={flow} />
          </Section>
          <LookSections look={look} signedIn={flow.signedIn} />
          {withLyricsSection && <LyricsSection lyrics={lyrics} />}
          <Section title="Format">
            <FormatFields
              kind={copy.kind}
              aspects={template.aspects}
              format={format}
              onChange={setFormat}
              trackSeconds={chosenTrackSeconds(flow)}
            />
          </Section>
          <RenderSubmit
            flow={flow}
            pickTrackHint="Pick your track above to render. Each render uses one visualizer credit."
            configure={() => ({
              ...look.configuration(),
              ...(withLyricsSection ? { lyrics_style: lyrics.style } : {}),
            })}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /audio-reactive-music-visualizers/create/{vizName} and the single-frame one. */
export function CreateRenderScreen({
  title,
  copy,
}: {
  title: string;
  description: string;
  copy: KindCopy;
}) {
  const { vizName = '' } = useParams({ strict: false }) as { vizName?: string };
  const template = templateFromRoute(copy.kind, vizName);
  const eyebrow = (
    <Group gap="sm">
      <Anchor component={Link} to={copy.galleryPath} size="sm" fw={600}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {copy.galleryLabel}
        </Group>
      </Anchor>
      {template && (
        <Badge variant="light" radius="sm">
          {template.title}
        </Badge>
      )}
    </Group>
  );
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={title}
        eyebrow={eyebrow}
        description={
          template ? `${template.title}: ${template.description}` : 'This template does not exist.'
        }
      />
      {template && copy.kind === 'canvas' ? (
        <CanvasEditor key={template.name} template={template} />
      ) : template ? (
        <Editor key={template.name} template={template} copy={copy} />
      ) : (
        <UnknownTemplate copy={copy} name={vizName} />
      )}
    </Container>
  );
}

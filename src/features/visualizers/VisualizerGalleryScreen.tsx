// /audio-reactive-music-visualizers: every visualizer template moving to one shared clock: the
// demo loop (silent until the visitor presses Play), or a track from the visitor's device.
import { Button, Container, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { listTemplates } from '../../../core/render/renderer';
import { PageHeader } from '../../ui/PageHeader';
import { useLibraryServices } from '../library';
import {
  type AudioChoice,
  demoSceneInput,
  LOCAL_FILE_INPUT_LABEL,
  PreviewStage,
  TemplateCard,
  useChosenAudio,
  usePreviewPlayer,
  usePreviewWorker,
} from '../render-editor';

/** Gallery cards redraw at most this often: smooth enough at card size, light on the CPU. */
const GALLERY_FPS = 30;

export function VisualizerGalleryScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const api = usePreviewWorker();
  const { cache } = useLibraryServices();
  const [choice, setChoice] = useState<AudioChoice>({ kind: 'demo' });
  const audio = useChosenAudio(choice, api, cache);
  const player = usePreviewPlayer(audio.state === 'ready' ? audio.src : null, { loop: true });
  const input = useRef<HTMLInputElement | null>(null);
  const templates = useMemo(() => listTemplates('visualizer'), []);
  const analysisKey = audio.state === 'ready' ? audio.key : null;
  const inputs = useMemo(
    () => templates.map((template) => demoSceneInput(template, analysisKey)),
    [templates, analysisKey],
  );

  // Silent, the cards follow a clock of their own around the track; playing, the audio's.
  const started = useRef(0);
  useEffect(() => {
    started.current = performance.now();
  }, []);
  const duration = audio.state === 'ready' ? audio.duration : 0;
  const { playing, getTime: audioTime } = player;
  const getTime = useCallback(() => {
    if (playing) return audioTime();
    if (duration <= 0) return 0;
    return ((performance.now() - started.current) / 1000) % duration;
  }, [playing, audioTime, duration]);

  return (
    <Container size="xl" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="lg" p="md" mb="xl" shadow="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button
              variant="filled"
              radius="xl"
              leftSection={
                player.playing ? (
                  <IconPlayerPauseFilled size={16} aria-hidden />
                ) : (
                  <IconPlayerPlayFilled size={16} aria-hidden />
                )
              }
              disabled={audio.state !== 'ready'}
              onClick={player.toggle}
              style={{ flex: 'none' }}
              data-testid="gallery-play"
            >
              {player.playing ? 'Pause' : 'Play with sound'}
            </Button>
            <Text size="sm" c="dimmed" data-testid="gallery-audio">
              {audio.state === 'ready'
                ? choice.kind === 'demo'
                  ? 'Moving to our demo loop.'
                  : `Moving to ${audio.title} (it stays on your device).`
                : audio.state === 'failed'
                  ? audio.message
                  : audio.message}
            </Text>
          </Group>
          <Button
            variant="default"
            leftSection={<IconDeviceDesktop size={16} aria-hidden />}
            onClick={() => input.current?.click()}
          >
            Try with your own track
          </Button>
          <input
            ref={input}
            type="file"
            accept="audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.oga,.opus"
            aria-label={LOCAL_FILE_INPUT_LABEL}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) {
                player.pause();
                started.current = performance.now();
                setChoice({ kind: 'local', file });
              }
              event.currentTarget.value = '';
            }}
          />
        </Group>
      </Paper>
      <PreviewStage api={api} getTime={getTime} running fps={GALLERY_FPS}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {templates.map((template, i) => (
            <TemplateCard
              key={template.name}
              template={template}
              input={inputs[i]!}
              createPath={`/audio-reactive-music-visualizers/create/${template.name}`}
            />
          ))}
        </SimpleGrid>
      </PreviewStage>
    </Container>
  );
}

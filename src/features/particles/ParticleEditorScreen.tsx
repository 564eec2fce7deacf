// /tools/particle-system-editor: the free particle editor. tsParticles runs in the preview worker
// on an OffscreenCanvas (workers/preview-api.ts through core's particle stage, the code the
// server renders with), so the page stays responsive with thousands of particles. Presets,
// controls, a track to move to (demo, library or a file of this device), designs saved on this
// device, export and import as JSON, and for signed-in users the render as a video.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Container,
  FileButton,
  Grid,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  ColorInput,
} from '@mantine/core';
import { IconDeviceFloppy, IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AUDIO_BANDS, type AudioBand, type ParticleDesign } from '../../../core/particles/design';
import {
  particleColors,
  setAudio,
  setBackground,
  setDesignName,
} from '../../../core/particles/design-edit';
import { PARTICLE_PRESETS, presetDesign } from '../../../core/particles/presets';
import { defaultSettings, findTemplate } from '../../../core/render/renderer';
import { formatOf, outputSize } from '../../../core/render/scene';
import { PARTICLE_TEMPLATE_NAME } from '../../../core/render/templates/particles/particle-system';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import type { LibraryImage } from '../../api/media';
import { initParticleRender } from '../../api/particles';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useLibraryImages } from '../library';
import {
  chosenTrackSeconds,
  FormatFields,
  ImageSlotPicker,
  LyricsSection,
  type OutputFormat,
  PreviewFrame,
  PreviewStage,
  PreviewTransport,
  previewImage,
  RenderSubmit,
  Section,
  StageCanvas,
  renderConfiguration,
  TrackPicker,
  useCreateRender,
  useLyricsLook,
  useRecentColors,
  withLyrics,
} from '../render-editor';
import { downloadDesign, readDesignFile } from './design-file';
import {
  deleteDesign,
  readRecentColors,
  rememberColors,
  saveDesign,
  useSavedDesigns,
} from './design-store';
import {
  LabelledSlider,
  ParticleColors,
  ParticleEmitter,
  ParticleLinks,
  ParticleShapeAndMotion,
} from './ParticleControls';

const TEMPLATE = findTemplate('particles', PARTICLE_TEMPLATE_NAME)!;
/** The simulation's seed in the preview, sent with the render: the video shows these particles. */
const PREVIEW_SEED = 1;
/** The preview column's sticky part sits under the top bar, as the other creators' do. */
const STICKY_PREVIEW = {
  position: 'sticky',
  top: 'calc(var(--app-shell-header-height, 64px) + var(--mantine-spacing-md))',
} as const;

export const EDITOR_MESSAGES = {
  saved: 'Design saved on this device',
  deleted: 'Design deleted from this device',
  imported: 'Design imported',
  storageFailed: 'This browser could not save the design. Export it as a file instead.',
} as const;

const BAND_LABELS: Record<AudioBand, string> = {
  bass: 'Bass',
  mid: 'Mids',
  treble: 'Treble',
  level: 'Loudness',
};

function PresetPicker({ onPick }: { onPick: (name: string) => void }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group gap="sm" wrap="nowrap" pb={4} data-testid="particle-presets">
        {PARTICLE_PRESETS.map((preset) => (
          <UnstyledButton
            key={preset.name}
            onClick={() => onPick(preset.name)}
            aria-label={`Start from the ${preset.title} preset`}
            title={preset.description}
            style={{
              flex: 'none',
              width: 132,
              borderRadius: 12,
              padding: '10px 12px',
              background: preset.design.background.color,
              color: '#fff',
              border: '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Group gap={4} mb={4}>
              {particleColors(preset.design)
                .slice(0, 4)
                .map((color) => (
                  <span
                    key={color}
                    aria-hidden
                    style={{ width: 10, height: 10, borderRadius: 5, background: color }}
                  />
                ))}
            </Group>
            <Text size="sm" fw={600}>
              {preset.title}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
    </ScrollArea>
  );
}

function SavedDesigns({
  currentId,
  onOpen,
}: {
  currentId: string | null;
  onOpen: (id: string, design: ParticleDesign) => void;
}) {
  const saved = useSavedDesigns();
  const rows = saved.value ?? [];
  if (saved.unavailable) {
    return (
      <Text size="sm" c="dimmed">
        This browser keeps no designs (its storage is off). Export your design as a file.
      </Text>
    );
  }
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-saved-designs">
        Designs you save stay on this device, offline too. None yet.
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="saved-designs">
      {rows.map((row) => (
        <Group key={row.id} gap="xs" wrap="nowrap" justify="space-between">
          <UnstyledButton
            onClick={() => onOpen(row.id, row.design)}
            style={{ flex: 1, minWidth: 0 }}
            aria-label={`Open ${row.design.name}`}
          >
            <Text size="sm" fw={row.id === currentId ? 700 : 500} truncate>
              {row.design.name}
            </Text>
            <Text size="xs" c="dimmed">
              Saved {new Date(row.updatedAt).toLocaleString()}
            </Text>
          </UnstyledButton>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.design.name}`}
            onClick={() =>
              void deleteDesign(row.id).then(() => toast.info(EDITOR_MESSAGES.deleted))
            }
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

function AudioReaction({
  design,
  onChange,
}: {
  design: ParticleDesign;
  onChange: (design: ParticleDesign) => void;
}) {
  const { audio } = design;
  const amount = (key: 'emission' | 'size' | 'speed' | 'burst', label: string, hint: string) => (
    <LabelledSlider label={label} value={`${Math.round(audio[key] * 100)}`} unit=" %">
      <Slider
        min={0}
        max={1}
        step={0.05}
        value={audio[key]}
        onChange={(value) => onChange(setAudio(design, { [key]: value }))}
        thumbLabel={label}
        label={null}
      />
      <Text size="xs" c="dimmed" mt={2}>
        {hint}
      </Text>
    </LabelledSlider>
  );
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="band-label">
          Follows
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="band-label"
          value={audio.band}
          onChange={(band) => onChange(setAudio(design, { band: band as AudioBand }))}
          data={AUDIO_BANDS.map((band) => ({ value: band, label: BAND_LABELS[band] }))}
        />
      </div>
      {amount('emission', 'Emission', 'New particles while that part of the music is loud.')}
      {amount('size', 'Size', 'Particles swell with the music.')}
      {amount('speed', 'Speed', 'Particles rush with the music.')}
      {amount('burst', 'Beat burst', 'A burst from the centre on every beat.')}
    </Stack>
  );
}

export function ParticleEditorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const [design, setDesign] = useState<ParticleDesign>(() => presetDesign('snow'));
  // The design is read when the render is created (after an upload of a local track, maybe).
  const latestDesign = useRef(design);
  useEffect(() => {
    latestDesign.current = design;
  });
  const flow = useCreateRender('particles', {
    create: async (audioUuid, configuration) => {
      const format = formatOf(configuration.width, configuration.height);
      const task = await initParticleRender({
        audio_uuid: audioUuid ?? '',
        design: latestDesign.current,
        size: format?.aspect ?? '16:9',
        resolution: format?.resolution ?? '1080p',
        fps: configuration.fps === 60 ? 60 : 30,
        seed: PREVIEW_SEED,
        background_image_uuid: configuration.background_image_uuid ?? null,
        lyrics_style: configuration.lyrics_style ?? null,
      });
      return task.task_uuid;
    },
  });
  const { api, audio, player, signedIn } = flow;
  const lyrics = useLyricsLook(flow.choice);
  const images = useLibraryImages().value ?? [];
  const serverColors = useRecentColors(signedIn);
  const [localColors, setLocalColors] = useState<string[]>(() => readRecentColors());

  const [savedId, setSavedId] = useState<string | null>(null);
  const [format, setFormat] = useState<OutputFormat>({
    aspect: '16:9',
    resolution: '1080p',
    fps: 30,
  });
  const [picture, setPicture] = useState<LibraryImage | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const settings = useMemo(
    () => ({
      ...defaultSettings(TEMPLATE, format.aspect),
      ...outputSize(format.aspect, format.resolution),
      fps: format.fps,
      seed: PREVIEW_SEED,
      particles: design,
    }),
    [format, design],
  );
  const drawn = useMemo(() => withLyrics(settings, lyrics.settings), [settings, lyrics.settings]);
  const analysisKey = audio.state === 'ready' ? audio.key : null;
  const input = useMemo<PreviewSceneInput>(
    () => ({
      settings: drawn,
      analysisKey,
      images: { background: previewImage(picture) },
    }),
    [drawn, analysisKey, picture],
  );

  const swatches = useMemo(
    () => [...new Set([...localColors, ...serverColors])].slice(0, 12),
    [localColors, serverColors],
  );
  const colorsUsed = (colors: string[]) => setLocalColors(rememberColors(colors));

  const pickPreset = (name: string) => {
    setDesign(presetDesign(name));
    setSavedId(null);
    setImportError(null);
  };
  const onSave = async () => {
    try {
      setSavedId(await saveDesign(design, savedId));
      colorsUsed(particleColors(design));
      toast.success(EDITOR_MESSAGES.saved);
    } catch {
      toast.error(EDITOR_MESSAGES.storageFailed);
    }
  };
  const onImport = async (file: File | null) => {
    if (!file) return;
    const read = await readDesignFile(file);
    if (!read.ok) {
      setImportError(read.reason);
      return;
    }
    setImportError(null);
    setDesign(read.design);
    setSavedId(null);
    toast.success(EDITOR_MESSAGES.imported);
  };

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={title}
        description={`${description} It runs on your device, offline too: start from a preset, shape it, and make it move to your music.`}
        eyebrow={
          <Badge variant="light" radius="sm">
            Free tool
          </Badge>
        }
      />
      <Stack gap="md" mb="md">
        <PresetPicker onPick={pickPreset} />
      </Stack>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {/* Only the preview and its play row stay in view: they fit under the top bar. */}
          <Stack gap="sm" style={STICKY_PREVIEW}>
            <PreviewFrame width={input.settings.width} height={input.settings.height}>
              <PreviewStage
                api={api}
                getTime={player.getTime}
                running={player.playing}
                fps={format.fps}
                redrawKey={player.time}
              >
                <StageCanvas input={input} label={`Preview of ${design.name}`} />
              </PreviewStage>
            </PreviewFrame>
            <PreviewTransport player={player} audio={audio} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md" shadow="xs">
              <Stack gap="sm">
                <TextInput
                  label="Design name"
                  value={design.name}
                  maxLength={80}
                  onChange={(event) => setDesign(setDesignName(design, event.currentTarget.value))}
                />
                <Group gap="sm">
                  <Button
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                    onClick={() => void onSave()}
                  >
                    Save on this device
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    onClick={() => downloadDesign(design)}
                  >
                    Export JSON
                  </Button>
                  <FileButton
                    onChange={(file) => void onImport(file)}
                    accept="application/json,.json"
                  >
                    {(props) => (
                      <Button
                        {...props}
                        variant="default"
                        leftSection={<IconUpload size={16} aria-hidden />}
                      >
                        Import JSON
                      </Button>
                    )}
                  </FileButton>
                </Group>
                {importError && (
                  <Alert color="red" variant="light" role="alert" data-testid="import-error">
                    {importError}
                  </Alert>
                )}
                <Title order={3} fz="sm" mt="xs">
                  My designs
                </Title>
                <SavedDesigns
                  currentId={savedId}
                  onOpen={(id, saved) => {
                    setDesign(saved);
                    setSavedId(id);
                    setImportError(null);
                  }}
                />
              </Stack>
            </Paper>
            <Section title="Particles">
              <Stack gap="md">
                <ParticleShapeAndMotion design={design} onChange={setDesign} />
                <ParticleColors
                  design={design}
                  onChange={setDesign}
                  swatches={swatches}
                  onColorsUsed={colorsUsed}
                />
              </Stack>
            </Section>
            <Section title="Links">
              <ParticleLinks design={design} onChange={setDesign} />
            </Section>
            <Section title="Emitter">
              <ParticleEmitter design={design} onChange={setDesign} />
            </Section>
            <Section title="Background">
              <Stack gap="sm">
                <ColorInput
                  label="Background colour"
                  value={design.background.color}
                  format="hex"
                  withEyeDropper={false}
                  swatches={swatches}
                  onChange={(color) => {
                    if (/^#[0-9a-f]{6}$/i.test(color)) {
                      setDesign(setBackground(design, { color: color.toLowerCase() }));
                    }
                  }}
                  popoverProps={{ withinPortal: true }}
                  data-testid="background-color"
                />
                {signedIn ? (
                  <ImageSlotPicker
                    slot="background"
                    images={images}
                    chosen={picture}
                    signedIn={signedIn}
                    onChange={setPicture}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    Sign in to put a picture of your library behind the particles.
                  </Text>
                )}
                {picture && (
                  <LabelledSlider
                    label="Picture strength"
                    value={`${Math.round(design.background.imageOpacity * 100)}`}
                    unit=" %"
                  >
                    <Slider
                      min={0}
                      max={1}
                      step={0.05}
                      value={design.background.imageOpacity}
                      onChange={(imageOpacity) =>
                        setDesign(setBackground(design, { imageOpacity }))
                      }
                      thumbLabel="Picture strength"
                      label={null}
                    />
                  </LabelledSlider>
                )}
              </Stack>
            </Section>
            <Section title="Music">
              <Stack gap="md">
                <TrackPicker
                  flow={flow}
                  demoHint="Moving to our demo loop. Pick your own track to hear yours."
                />
                <AudioReaction design={design} onChange={setDesign} />
              </Stack>
            </Section>
            <LyricsSection lyrics={lyrics} />
            <Section title="Video">
              <FormatFields
                kind="particles"
                aspects={TEMPLATE.aspects}
                format={format}
                onChange={setFormat}
                trackSeconds={chosenTrackSeconds(flow)}
              />
            </Section>
            <RenderSubmit
              flow={flow}
              pickTrackHint="Pick your track in Music to render this design as a video. Each render uses one visualizer credit."
              configure={() => ({
                ...renderConfiguration(TEMPLATE, settings, {
                  background: picture?.image_uuid ?? null,
                }),
                lyrics_style: lyrics.style,
              })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

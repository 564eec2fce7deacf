// /release-kit-creator: one track and one look make every video a release needs. The track and
// the look are picked as in the visualizer creator (the same create flow and sections); the
// title, artist and cover start from the track's tags and artwork; then which files, the hook on the track's bar grid (moved by whole bars, heard before it starts),
// the price, and Start, which goes on to the kit's page.
import { Container, Grid, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { HOOK_DEFAULT_SECONDS } from '../../../core/audio-analysis/hook';
import { listTemplates } from '../../../core/render/renderer';
import {
  FEED_SHAPES,
  FULL_SIZE,
  KIT_OUTPUTS,
  VERTICAL_SIZE,
  type FeedShape,
  type KitOutput,
} from '../../../core/render/release-kit';
import type { TemplateInfo } from '../../../core/render/template';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import type { LibraryImage } from '../../api/media';
import { createKit, type KitHook } from '../../api/release-kits';
import { PageHeader } from '../../ui/PageHeader';
import {
  LookSections,
  LyricsSection,
  PreviewFrame,
  PreviewStage,
  previewImage,
  renderConfiguration,
  RenderSubmit,
  Section,
  StageCanvas,
  TrackPicker,
  useCreateRender,
  useLyricsLook,
  useTemplateLook,
  withLyrics,
  VISUALIZER_CREDIT,
  type CreateRenderFlow,
  type RenderCredit,
} from '../render-editor';
import { useLibraryImages } from '../library';
import { useSession } from '../session';
import { HookPanel } from './HookPanel';
import { KitOutputsFields } from './KitOutputsFields';
import { KitPriceSummary } from './KitPriceSummary';
import type { KitRelease, ReleaseSource } from './kit-release';
import { KitReleaseFields } from './KitReleaseFields';
import { kitPath, shortfallText } from './kit-words';
import { useHookPreview, type HookPreview } from './use-hook-preview';
import { useKitHook, type HookTrack } from './use-kit-hook';
import { useKitPrice, type KitPriceState } from './use-kit-price';
import { useKitRelease } from './use-kit-release';
import classes from './release-kits.module.css';

type Gate = NonNullable<ComponentProps<typeof RenderSubmit>['gate']>;

/** What Start sends besides the track and the look, read when the kit is created. */
interface KitChoices {
  outputs: KitOutput[];
  feed: FeedShape;
  hookSeconds: number;
  hook: KitHook | null;
}

function kitCredit(price: KitPriceState): RenderCredit {
  return {
    ...VISUALIZER_CREDIT,
    label: 'Credits',
    noCreditsMessage:
      price.status === 'ready' ? shortfallText(price.price) : VISUALIZER_CREDIT.noCreditsMessage,
  };
}

function kitGate(flowGate: Gate, price: KitPriceState): Gate {
  if (flowGate === 'sign-in' || flowGate === 'checking') return flowGate;
  if (price.status === 'loading') return 'checking';
  if (price.status === 'ready' && !price.price.enough) return 'no-credits';
  // Without a price the server still refuses before anything is queued.
  return 'ok';
}

function hookTrackOf(flow: CreateRenderFlow): HookTrack | null {
  const { choice, audio } = flow;
  const analysis = flow.withTrack && audio.state === 'ready' ? audio.analysis : null;
  if (choice.kind === 'library') {
    const audioUuid = choice.audio.audio_uuid;
    return { kind: 'library', key: `audio:${audioUuid}`, audioUuid, analysis };
  }
  if (choice.kind === 'local') {
    const { name, size, lastModified } = choice.file;
    return { kind: 'local', key: `local:${name}:${size}:${lastModified}`, analysis };
  }
  return null;
}

function releaseSourceOf(flow: CreateRenderFlow): ReleaseSource {
  const { choice } = flow;
  if (choice.kind === 'library') return { kind: 'library', audio: choice.audio };
  if (choice.kind === 'local') return { kind: 'local', fileName: choice.file.name };
  return { kind: 'none' };
}

/** The sizes the look is previewed at: the kit's videos that show it (the Canvas has its own). */
type LookSize = 'full' | 'vertical' | 'feed';

function lookSizes(outputs: readonly KitOutput[], feed: FeedShape) {
  const sizes: { value: LookSize; label: string; size: { width: number; height: number } }[] = [
    { value: 'full', label: 'Full video 16:9', size: FULL_SIZE },
    { value: 'vertical', label: 'Hook 9:16', size: VERTICAL_SIZE },
    { value: 'feed', label: `Feed ${feed}`, size: FEED_SHAPES[feed] },
  ];
  const shown = sizes.filter(({ value }) => outputs.includes(value));
  return shown.length > 0 ? shown : sizes.slice(0, 1);
}

/**
 * The look: the template, its live preview at each size of the kit's videos (moving while the
 * hook plays, else at the hook's first moment, as the hook's files start), its sections, Start.
 */
function KitLook({
  template,
  templates,
  onTemplate,
  flow,
  preview,
  hook,
  release,
  cover,
  outputs,
  feed,
  submit,
}: {
  template: TemplateInfo;
  templates: readonly TemplateInfo[];
  onTemplate: (name: string) => void;
  flow: CreateRenderFlow;
  preview: HookPreview;
  hook: KitHook | null;
  /** The kit's title, artist and cover (the Release section): every file shows them. */
  release: KitRelease;
  cover: LibraryImage | null;
  outputs: readonly KitOutput[];
  feed: FeedShape;
  submit: Omit<ComponentProps<typeof RenderSubmit>, 'flow' | 'configure'>;
}) {
  const sizes = useMemo(() => lookSizes(outputs, feed), [outputs, feed]);
  const [sizeAsked, setSize] = useState<LookSize>('full');
  const shownSize = sizes.find(({ value }) => value === sizeAsked) ?? sizes[0]!;
  const look = useTemplateLook(template);
  // Every file of the kit but the Canvas shows the lyrics (the server leaves them off the Canvas).
  const lyrics = useLyricsLook(flow.choice);
  const analysisKey = flow.audio.state === 'ready' ? flow.audio.key : null;
  const { title, artist, coverId } = release;
  const { width, height } = shownSize.size;
  const settings = useMemo(
    () => ({ ...look.settings, width, height, title, artist }),
    [look.settings, width, height, title, artist],
  );
  const drawsCover = template.imageSlots.includes('album_art');
  const input = useMemo<PreviewSceneInput>(
    () => ({
      settings: withLyrics(settings, lyrics.settings),
      analysisKey,
      images: drawsCover
        ? { ...look.previewImages, album_art: previewImage(cover) }
        : look.previewImages,
    }),
    [settings, lyrics.settings, analysisKey, look.previewImages, drawsCover, cover],
  );
  // The Release section holds the title, the artist and the album art: not asked twice.
  const lookBesideRelease = {
    ...look,
    template: {
      ...template,
      textFields: [],
      imageSlots: template.imageSlots.filter((slot) => slot !== 'album_art'),
    },
  };
  const hookStart = hook?.start_seconds ?? 0;
  const { getTime, playing } = preview;
  const stageTime = useMemo(
    () => (playing ? getTime : () => hookStart),
    [playing, getTime, hookStart],
  );

  return (
    <Stack gap="md">
      <Section title="Look">
        <Stack gap="sm">
          <PreviewStage
            api={flow.api}
            getTime={stageTime}
            running={playing}
            fps={30}
            // Paused, the look goes back to the hook's first moment, where its files start.
            redrawKey={playing ? 'playing' : hookStart}
          >
            <PreviewFrame width={width} height={height}>
              <StageCanvas
                input={input}
                label={`Preview of ${template.title}, ${shownSize.label}`}
              />
            </PreviewFrame>
          </PreviewStage>
          {sizes.length > 1 && (
            <SegmentedControl
              fullWidth
              aria-label="Preview at the size of"
              classNames={{ label: classes.sizeLabel }}
              value={shownSize.value}
              onChange={(value) => setSize(value as LookSize)}
              data={sizes.map(({ value, label }) => ({ value, label }))}
            />
          )}
          <Select
            label="Visualizer template"
            description="Every file of the kit is drawn in this look, at its own size."
            data={templates.map((t) => ({ value: t.name, label: t.title }))}
            value={template.name}
            onChange={(value) => value && onTemplate(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="kit-template"
          />
          <Text size="xs" c="dimmed">
            {template.description}
          </Text>
        </Stack>
      </Section>
      <LookSections look={lookBesideRelease} signedIn={flow.signedIn} />
      <LyricsSection lyrics={lyrics} />
      <RenderSubmit
        flow={flow}
        configure={() => ({
          ...renderConfiguration(template, settings, {
            ...Object.fromEntries(
              Object.entries(look.chosenImages).map(([slot, image]) => [
                slot,
                image?.image_uuid ?? null,
              ]),
            ),
            album_art: coverId,
          }),
          // Sent whatever the template draws: the Canvas shows it (null: the user chose none).
          album_art_image_uuid: coverId,
          lyrics_style: lyrics.style,
        })}
        {...submit}
      />
    </Stack>
  );
}

export function ReleaseKitCreatorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const templates = useMemo(() => listTemplates('visualizer'), []);
  const [templateName, setTemplateName] = useState(templates[0]?.name ?? '');
  const template = templates.find((t) => t.name === templateName) ?? templates[0];
  const [outputs, setOutputs] = useState<KitOutput[]>([...KIT_OUTPUTS]);
  const [feed, setFeed] = useState<FeedShape>('4:5');
  const [hookSeconds, setHookSeconds] = useState<number>(HOOK_DEFAULT_SECONDS);
  const signedIn = useSession().status === 'signed-in';
  const price = useKitPrice(outputs, signedIn);

  const choices = useRef<KitChoices>({ outputs, feed, hookSeconds, hook: null });
  const flow = useCreateRender('visualizer', {
    credit: kitCredit(price),
    nextPath: kitPath,
    create: async (audioUuid, configuration) => {
      const chosen = choices.current;
      const kit = await createKit({
        audio_uuid: audioUuid ?? '',
        configuration,
        outputs: chosen.outputs,
        feed: chosen.feed,
        hook_seconds: chosen.hookSeconds,
        ...(chosen.hook ? { hook_start_seconds: chosen.hook.start_seconds } : {}),
      });
      return kit.kit_uuid;
    },
  });
  const hookTrack = useMemo(() => hookTrackOf(flow), [flow]);
  const hookControl = useKitHook(hookTrack, hookSeconds);
  const hookState = hookControl.state;
  const hook = hookState.status === 'ready' ? hookState.hook : null;
  const preview = useHookPreview(flow.track?.src ?? null, hook);
  const images = useLibraryImages().value;
  const release = useKitRelease(hookTrack?.key ?? 'demo', releaseSourceOf(flow));
  const cover = images?.find((image) => image.image_uuid === release.release.coverId) ?? null;
  useEffect(() => {
    choices.current = { outputs, feed, hookSeconds, hook };
  }, [outputs, feed, hookSeconds, hook]);

  const hint =
    outputs.length === 0
      ? 'Choose at least one file for the kit.'
      : !hook
        ? 'Waiting for the hook of your track…'
        : 'The files render side by side; a part that fails gives its credits back.';

  return (
    <Container size="xl" py="xl">
      <PageHeader title={title} description={description} />
      {/* The hook's sound: the track's own audio, from the hook's first bar to its last. */}
      <audio {...preview.audioProps} hidden data-testid="kit-hook-audio" />
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Section title="Track">
              <TrackPicker
                flow={flow}
                demoHint="Pick the track of your release: from your library or this device."
              />
            </Section>
            <Section title="Title and cover">
              <KitReleaseFields
                control={release}
                images={images ?? []}
                signedIn={flow.signedIn}
                fromTrack={flow.withTrack}
              />
            </Section>
            <Section title="Hook">
              <HookPanel
                control={hookControl}
                preview={preview}
                seconds={hookSeconds}
                onSeconds={setHookSeconds}
              />
            </Section>
            <Section title="Files">
              <KitOutputsFields
                outputs={outputs}
                onOutputs={setOutputs}
                feed={feed}
                onFeed={setFeed}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {template && (
            <KitLook
              key={template.name}
              template={template}
              templates={templates}
              onTemplate={setTemplateName}
              flow={flow}
              preview={preview}
              hook={hook}
              release={release.release}
              cover={cover}
              outputs={outputs}
              feed={feed}
              submit={{
                gate: kitGate(flow.gate, price),
                ready: outputs.length > 0 && hook !== null,
                header: <KitPriceSummary state={price} />,
                actionLabel: 'Start the release kit',
                actionTestId: 'kit-start',
                hint,
                pickTrackHint: 'Pick your track above to make its kit.',
              }}
            />
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}

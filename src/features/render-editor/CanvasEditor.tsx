// The create screen of a Spotify Canvas template: the track and the section of it the loop should
// feel like (its length is then a whole number of beats of that section's tempo), or no track and
// a length; pictures, colours, text and format; the loop playing in the preview exactly as it will
// be rendered (core's planLoop and drawFrame), in time with the track when one is chosen. Render
// stores a draft and finalizes it (one Canvas credit), then opens the progress page.
import { Grid, Group, Paper, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CANVAS_DEFAULT_SECONDS,
  CANVAS_FRAME_RATES,
  CANVAS_MAX_SECONDS,
  CANVAS_MIN_SECONDS,
  CANVAS_SIZES,
  loopAnchor,
  planLoop,
} from '../../../core/render/canvas-loop';
import type { TemplateInfo } from '../../../core/render/template';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import {
  abortCanvasVideo,
  draftCanvasVideo,
  finalizeCanvasVideo,
  NO_CANVAS_CREDITS_MESSAGE,
} from '../../api/canvas';
import type { RenderConfiguration } from '../../api/renders';
import { formatDuration } from '../../lib/format';
import { Section } from './EditorSection';
import { LookSections } from './LookSections';
import { PreviewFrame, PreviewStage, StageCanvas } from './preview-stage';
import { PlayButton } from './PreviewTransport';
import classes from './render-editor.module.css';
import { RenderSubmit } from './RenderSubmit';
import { TrackPicker } from './TrackPicker';
import { useCreateRender, type RenderCredit } from './use-create-render';
import { useTemplateLook } from './use-template-look';

/** The loop as people read it: "5.22 s loop · 8 beats at 92 bpm". */
export function loopSummary(
  loop: { frames: number; beats: number; bpm: number | null },
  fps: number,
) {
  const seconds = `${(loop.frames / fps).toFixed(2)} s loop`;
  if (!loop.beats || !loop.bpm) return seconds;
  return `${seconds} · ${loop.beats} beats at ${Math.round(loop.bpm)} bpm`;
}

/** A clock of its own for a loop without a track: seconds since it started, paused or not. */
function useLoopClock() {
  const [playing, setPlaying] = useState(true);
  const base = useRef({ at: 0, offset: 0 });
  useEffect(() => {
    base.current = { at: performance.now(), offset: 0 };
  }, []);
  const getTime = useCallback(
    () =>
      playing
        ? base.current.offset + (performance.now() - base.current.at) / 1000
        : base.current.offset,
    [playing],
  );
  const toggle = () => {
    base.current = { at: performance.now(), offset: getTime() };
    setPlaying((p) => !p);
  };
  return { playing, getTime, toggle };
}

export const CANVAS_CREDIT: RenderCredit = {
  label: 'Canvas credits',
  of: (plan) => plan.canvasQuota,
  noCreditsMessage: NO_CANVAS_CREDITS_MESSAGE,
};

export function CanvasEditor({ template }: { template: TemplateInfo }) {
  const [sectionStart, setSectionStart] = useState(0);
  const [seconds, setSeconds] = useState<number>(CANVAS_DEFAULT_SECONDS);
  const flow = useCreateRender('canvas', {
    credit: CANVAS_CREDIT,
    silentDemo: true,
    trackOptional: true,
    create: async (audioUuid: string | null, configuration: RenderConfiguration) => {
      const draft = await draftCanvasVideo({
        configuration,
        audio_uuid: audioUuid,
        ...(audioUuid ? { section_start: sectionStart } : {}),
        seconds,
      });
      try {
        await finalizeCanvasVideo(draft.upload_uuid);
      } catch (error) {
        void abortCanvasVideo(draft.upload_uuid).catch(() => undefined);
        throw error;
      }
      return draft.upload_uuid;
    },
  });
  const { api, player, withTrack, trackReady } = flow;
  const look = useTemplateLook(template);
  const { settings, setSettings } = look;
  const clock = useLoopClock();

  const analysis = flow.track?.analysis ?? null;
  const loop = useMemo(
    () => planLoop({ analysis, sectionStart, seconds, fps: settings.fps }),
    [analysis, sectionStart, seconds, settings.fps],
  );
  const anchor = useMemo(() => loopAnchor(analysis, loop), [analysis, loop]);
  const loopSettings = useMemo(() => ({ ...settings, loop }), [settings, loop]);

  // With a track, the loop's time follows the song from the section on (Spotify loops the Canvas
  // while the song plays); without one, its own clock.
  const playerTime = player.getTime;
  const getTime = useMemo(
    () => (trackReady ? () => playerTime() - anchor : clock.getTime),
    [trackReady, playerTime, anchor, clock.getTime],
  );
  const playing = trackReady ? player.playing : clock.playing;
  const seek = player.seek;
  // A new section is heard at once.
  useEffect(() => {
    if (trackReady) seek(anchor);
  }, [trackReady, anchor, seek]);

  const input = useMemo<PreviewSceneInput>(
    () => ({
      settings: loopSettings,
      analysisKey: null,
      images: look.previewImages,
    }),
    [loopSettings, look.previewImages],
  );

  const duration = flow.track?.duration ?? 0;
  const sizeValue = `${settings.width}x${settings.height}`;

  const preview = (
    <Stack gap="sm" className={classes.stickyPreview}>
      <PreviewFrame width={input.settings.width} height={input.settings.height}>
        <PreviewStage api={api} getTime={getTime} running={playing}>
          <StageCanvas input={input} label={`Preview of ${template.title}, looping`} />
        </PreviewStage>
      </PreviewFrame>
      <Paper withBorder radius="lg" p="sm" shadow="xs">
        <Group gap="sm" wrap="nowrap" align="center">
          <PlayButton
            playing={playing}
            disabled={withTrack && !trackReady}
            onClick={trackReady ? player.toggle : clock.toggle}
          />
          <Stack gap={0}>
            <Text fw={600} data-testid="canvas-loop-summary">
              {loopSummary(loop, settings.fps)}
            </Text>
            <Text size="xs" c="dimmed">
              {trackReady
                ? `Cut on the beat of your track from ${formatDuration(sectionStart)}`
                : 'Plays silently, as Spotify shows it; pick a track to cut it on the beat'}
            </Text>
          </Stack>
        </Group>
        {player.error && (
          <Text size="sm" c="red" mt={6} role="alert">
            {player.error}
          </Text>
        )}
      </Paper>
    </Stack>
  );

  return (
    <Grid gap={{ base: 'md', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 6 }}>{preview}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Section title="Track and loop">
            <Stack gap="md">
              <TrackPicker
                flow={flow}
                demoHint="No track: the loop lasts the length you pick. Pick a track to cut it on the beat."
                onChoose={() => setSectionStart(0)}
              />
              {trackReady && duration > 1 && (
                <div>
                  <Text size="sm" fw={500} id="section-label">
                    Section the loop should feel like
                  </Text>
                  <Slider
                    thumbLabel="Section start"
                    min={0}
                    max={Math.max(0, Math.floor(duration - 1))}
                    step={0.5}
                    value={sectionStart}
                    onChange={setSectionStart}
                    label={(value) => formatDuration(value)}
                    data-testid="canvas-section"
                  />
                  <Text size="xs" c="dimmed" mt={4}>
                    Starts at {formatDuration(sectionStart)}: the loop takes the tempo and energy of
                    the next few seconds.
                  </Text>
                </div>
              )}
              <div>
                <Text size="sm" fw={500} id="length-label">
                  Length
                </Text>
                <Slider
                  thumbLabel="Loop length"
                  min={CANVAS_MIN_SECONDS}
                  max={CANVAS_MAX_SECONDS}
                  step={0.5}
                  value={seconds}
                  onChange={setSeconds}
                  label={(value) => `${value} s`}
                  marks={[3, 4, 5, 6, 7, 8].map((value) => ({ value, label: `${value} s` }))}
                  mb="lg"
                />
                <Text size="xs" c="dimmed" mt={4}>
                  {loop.beats
                    ? 'With a track, the nearest whole number of beats or bars is taken.'
                    : 'Spotify plays a Canvas of 3 to 8 seconds.'}
                </Text>
              </div>
            </Stack>
          </Section>
          <LookSections look={look} signedIn={flow.signedIn} />
          <Section title="Format">
            <Stack gap="sm">
              <SegmentedControl
                fullWidth
                aria-label="Size"
                value={sizeValue}
                onChange={(value) => {
                  const size = CANVAS_SIZES.find((s) => `${s.width}x${s.height}` === value)!;
                  setSettings((s) => ({ ...s, width: size.width, height: size.height }));
                }}
                data={CANVAS_SIZES.map((s) => ({
                  value: `${s.width}x${s.height}`,
                  label: `${s.width} × ${s.height}`,
                }))}
              />
              <SegmentedControl
                fullWidth
                aria-label="Frame rate"
                value={String(settings.fps)}
                onChange={(value) => setSettings((s) => ({ ...s, fps: Number(value) }))}
                data={CANVAS_FRAME_RATES.map((fps) => ({
                  value: String(fps),
                  label: `${fps} fps`,
                }))}
              />
              <Text size="xs" c="dimmed">
                9:16, H.264 MP4 without sound, as Spotify for Artists takes it.
              </Text>
            </Stack>
          </Section>
          <RenderSubmit
            flow={flow}
            hint="Each Canvas uses one Canvas credit (your plan's free ones first); a failed render gives it back."
            configure={() => look.configuration(loopSettings)}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

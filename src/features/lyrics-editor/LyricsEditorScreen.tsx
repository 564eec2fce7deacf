// /media/audio/$audioId/lyrics: the track's lyrics, pasted and then timed by tapping along as
// it plays. Everything is kept on this device at once and synced with the account when online
// (use-track-lyrics.ts), so the page works offline after one visit.
import { barGrid } from '../../../core/audio-analysis/bar-grid';
import { lineAt, wordAt } from '../../../core/lyrics';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Kbd,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowLeft,
  IconMagnet,
  IconPencil,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRepeat,
} from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { LyricLine } from '../../../core/lyrics/lyrics';
import type { LibraryAudio } from '../../api/media';
import { formatLength, trackTitle } from '../../lib/format';
import { useOnline } from '../../lib/network';
import {
  LibraryLayout,
  TrackNotFound,
  useAnalysis,
  useLibraryAudio,
  useLibraryServices,
  useSyncStatus,
} from '../library';
import { ConflictPanel } from './ConflictPanel';
import { editorReducer, initialEditorState, NUDGE_SECONDS, rehearsalStart } from './editor-state';
import { LineList } from './LineList';
import classes from './lyrics-editor.module.css';
import { EDITOR_WORDS, formatSeconds, SYNC_WORDS } from './lyrics-words';
import { LyricsTimeline } from './LyricsTimeline';
import { textFromLines } from './pasted-text';
import { LyricsFiles } from './LyricsFiles';
import { LyricsLanguage } from './LyricsLanguage';
import { PastePanel } from './PastePanel';
import { TapDock } from './TapDock';
import { usePlayer } from './use-player';
import { useTrackSource } from './use-track-audio';
import { useTrackLyrics, type TrackLyricsState } from './use-track-lyrics';

/** Keys typed into these never tap, nudge or undo. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type))
  );
}

function SyncState({ lyrics }: { lyrics: TrackLyricsState }) {
  const words = SYNC_WORDS[lyrics.badge];
  return (
    <Tooltip label={lyrics.row?.refused ?? words.hint} multiline maw={280}>
      <Badge
        color={words.color}
        variant="light"
        radius="sm"
        data-testid="lyrics-sync"
        data-state={lyrics.badge}
        data-revision={lyrics.row?.revision ?? 0}
        tabIndex={0}
        aria-live="polite"
      >
        {words.label}
      </Badge>
    </Tooltip>
  );
}

function CurrentLine({
  line,
  next,
  time,
}: {
  line: LyricLine | null;
  next: LyricLine | null;
  time: number;
}) {
  const sung = line ? wordIndexOf(line, time) : null;
  return (
    <div className={classes.currentLine} aria-live="off">
      <div className={classes.currentText} data-testid="lyrics-current-line">
        {line
          ? line.words
            ? line.words.map((word, k) => (
                <span
                  key={k}
                  className={classes.word}
                  data-sung={(sung !== null && k <= sung) || undefined}
                >
                  {word.text}{' '}
                </span>
              ))
            : line.text
          : '…'}
      </div>
      <Text c="dimmed" size="sm" mt={4} data-testid="lyrics-next-line" truncate="end">
        {next ? next.text : ' '}
      </Text>
    </div>
  );
}

function Editor({ audio, online }: { audio: LibraryAudio; online: boolean }) {
  const { cache } = useLibraryServices();
  const lyrics = useTrackLyrics(audio.audio_uuid);
  const analysis = useAnalysis(cache, audio, online);
  const source = useTrackSource(audio, online);
  const {
    attach,
    playing,
    time,
    duration: mediaDuration,
    now,
    toggle,
    play,
    seek,
    failed,
  } = usePlayer();
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState());
  const [pasting, setPasting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [resolving, setResolving] = useState(false);
  const tapArea = useRef<HTMLDivElement | null>(null);
  const lineArea = useRef<HTMLDivElement | null>(null);
  /** The row versions this page wrote: their echo from the database is not a new document. */
  const written = useRef(new Set<number>());
  const loadedVersion = useRef<number | null>(null);
  const savedLines = useRef<LyricLine[] | null>(null);

  const summary = analysis.state === 'ready' ? analysis.analysis.summary : null;
  // The tempo grid of the release kit's hook: tracked beats continued, bars on the downbeat.
  const grid = useMemo(
    () => (analysis.state === 'ready' ? barGrid(analysis.analysis) : null),
    [analysis],
  );
  const beats = grid?.beats ?? NO_TIMES;
  const bars = grid?.bars ?? NO_TIMES;
  const duration = mediaDuration ?? audio.duration_seconds ?? summary?.durationSeconds ?? 0;

  // The row from this device (or the server, through the sync) becomes the document, unless it
  // is the echo of this page's own save.
  const row = lyrics.row;
  useEffect(() => {
    if (!row || row.localVersion === loadedVersion.current) return;
    loadedVersion.current = row.localVersion;
    if (written.current.has(row.localVersion)) return;
    savedLines.current = row.lyrics.lines;
    dispatch({ type: 'load', lines: row.lyrics.lines });
  }, [row]);

  // Every change of the lines is saved on this device at once (a drag when it ends).
  const { save } = lyrics;
  const language = row?.lyrics.language ?? null;
  useEffect(() => {
    if (dragging || state.lines === savedLines.current) return;
    if (savedLines.current === null && state.lines.length === 0) return;
    savedLines.current = state.lines;
    void save({ lines: state.lines, language }).then((version) => {
      written.current.add(version);
    });
  }, [state.lines, dragging, save, language]);

  const tap = useCallback(() => dispatch({ type: 'tap', seconds: now() }), [now]);
  const nudge = useCallback(
    (index: number, by: number) => dispatch({ type: 'nudge', index, by }),
    [],
  );
  const select = useCallback((index: number) => dispatch({ type: 'select', index }), []);

  const rehearse = useCallback(() => {
    dispatch({ type: 'rehearse' });
    play(rehearsalStart(state).seconds);
  }, [state, play]);

  // A rehearsal lasts while the track plays. Playing on a small screen brings the timing area
  // into view when its Tap button is not: play row, line, waveform and Tap then fit together.
  useEffect(() => {
    if (!playing) {
      dispatch({ type: 'rehearsal-end' });
      return;
    }
    const area = tapArea.current;
    const button = area?.querySelector('[data-testid="lyrics-tap"]');
    if (area && button && button.getBoundingClientRect().bottom > window.innerHeight)
      area.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [playing]);

  // Space taps when the page, the tap area or the line list has focus (a line clicked there keeps
  // it); arrows nudge the selected line; Ctrl+Z undoes; P plays.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTextEntry(event.target) || event.altKey) return;
      const active = document.activeElement;
      const onPage =
        !active ||
        active === document.body ||
        [tapArea, lineArea].some((area) => area.current?.contains(active) ?? false);
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: 'undo' });
        return;
      }
      if (event.ctrlKey || event.metaKey || !onPage) return;
      if (event.key === ' ' || event.code === 'Space') {
        event.preventDefault();
        if (!event.repeat) tap();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        const step = event.shiftKey ? 1 : NUDGE_SECONDS;
        dispatch({ type: 'nudge', by: event.key === 'ArrowLeft' ? -step : step });
      } else if (event.key === 'p' || event.key === 'P') {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [tap, toggle]);

  async function keep(choice: 'saved' | 'replaced') {
    setResolving(true);
    try {
      await lyrics.resolve(choice);
    } finally {
      setResolving(false);
    }
  }

  const found = lineAt({ lines: state.lines, language: null }, time);
  const current = found < 0 ? null : found;
  const nextTimed =
    current === null
      ? state.lines.find((l) => l.startSeconds !== null)
      : state.lines.slice(current + 1).find((l) => l.startSeconds !== null);
  const everyLineTapped = state.cursor >= state.lines.length;
  const hasLines = state.lines.length > 0;
  const playable = source.state === 'ready';

  const header = (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Anchor component={Link} to={`/media/audio/${audio.audio_uuid}`} size="sm" fw={600}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {trackTitle(audio)}
          </Group>
        </Anchor>
      </Group>
      <SyncState lyrics={lyrics} />
    </Group>
  );

  if (!lyrics.loaded) {
    return (
      <Stack gap="md" aria-busy>
        {header}
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      {lyrics.unavailable && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          {EDITOR_WORDS.storageUnavailable}
        </Alert>
      )}
      {row?.refused && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          title="These lyrics were not saved to your account"
          data-testid="lyrics-refused"
        >
          {row.refused} Fix it here and they will be sent again.
        </Alert>
      )}
      {row?.conflict && (
        <ConflictPanel
          saved={row.lyrics}
          conflict={row.conflict}
          online={online}
          busy={resolving}
          onKeep={(choice) => void keep(choice)}
        />
      )}

      {!hasLines || pasting ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
          {!hasLines && !pasting && (
            <Text size="sm" c="dimmed" mb="sm" data-testid="lyrics-empty">
              This track has no lyrics yet. Paste them below, then tap along as it plays to time
              each line.
            </Text>
          )}
          <PastePanel
            initialText={textFromLines(state.lines)}
            onUse={(text) => {
              dispatch({ type: 'paste', text });
              setPasting(false);
            }}
            onCancel={hasLines ? () => setPasting(false) : undefined}
          />
        </Paper>
      ) : (
        <>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'lg' }}
            shadow="xs"
            ref={tapArea}
            tabIndex={-1}
            className={classes.tapArea}
            data-testid="lyrics-tap-area"
            aria-label="Timing"
            component="section"
          >
            <Stack gap="md">
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ActionIcon
                    size={48}
                    radius="xl"
                    variant="filled"
                    disabled={!playable}
                    aria-label={playing ? 'Pause (P)' : 'Play (P)'}
                    onClick={toggle}
                    data-testid="lyrics-play"
                  >
                    {playing ? (
                      <IconPlayerPauseFilled size={20} aria-hidden />
                    ) : (
                      <IconPlayerPlayFilled size={20} aria-hidden />
                    )}
                  </ActionIcon>
                  <Text ff="monospace" size="sm" c="dimmed" data-testid="lyrics-time">
                    {formatSeconds(time)} / {formatLength(duration)}
                  </Text>
                </Group>
                <SegmentedControl
                  size="xs"
                  value={state.mode}
                  onChange={(value) =>
                    dispatch({ type: 'mode', mode: value === 'words' ? 'words' : 'lines' })
                  }
                  data={[
                    { value: 'lines', label: 'Lines' },
                    { value: 'words', label: 'Words' },
                  ]}
                  aria-label="What a tap times"
                />
              </Group>

              {source.state === 'offline' && (
                <Text size="sm" c="orange.8">
                  {EDITOR_WORDS.audioOffline}
                </Text>
              )}
              {(source.state === 'none' || failed) && (
                <Text size="sm" c="red.7">
                  {source.state === 'none' ? EDITOR_WORDS.notProcessed : EDITOR_WORDS.audioFailed}
                </Text>
              )}

              <CurrentLine
                line={current === null ? null : state.lines[current]!}
                next={nextTimed ?? null}
                time={time}
              />

              {analysis.state === 'loading' ? (
                <Skeleton h={120} radius="sm" />
              ) : (
                <LyricsTimeline
                  analysis={analysis.state === 'ready' ? analysis.analysis : null}
                  beats={beats}
                  bars={bars}
                  duration={duration}
                  time={time}
                  lines={state.lines}
                  selected={state.selected}
                  onSeek={seek}
                  onSelect={select}
                  onDragStart={() => {
                    setDragging(true);
                    dispatch({ type: 'drag-start' });
                  }}
                  onDrag={(index, seconds) => dispatch({ type: 'drag', index, seconds })}
                  onDragEnd={() => setDragging(false)}
                  onNudge={nudge}
                />
              )}

              <TapDock state={state} onTap={tap} />

              <Group gap="xs" justify="center">
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconRepeat size={16} aria-hidden />}
                  disabled={!playable || !hasLines}
                  onClick={rehearse}
                  data-testid="lyrics-rehearse"
                >
                  Rehearse last lines
                </Button>
                <Tooltip
                  label={EDITOR_WORDS.noBeats}
                  disabled={beats.length > 0 || analysis.state !== 'ready'}
                >
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconMagnet size={16} aria-hidden />}
                    disabled={beats.length === 0}
                    onClick={() => dispatch({ type: 'snap', beats })}
                    data-testid="lyrics-snap"
                  >
                    Snap to beat
                  </Button>
                </Tooltip>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconArrowBackUp size={16} aria-hidden />}
                  disabled={state.past.length === 0}
                  onClick={() => dispatch({ type: 'undo' })}
                  data-testid="lyrics-undo"
                >
                  Undo
                </Button>
                <Button
                  variant="subtle"
                  size="sm"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setPasting(true)}
                  data-testid="lyrics-edit-text"
                >
                  Edit text
                </Button>
              </Group>
              <Text size="xs" c="dimmed" ta="center" visibleFrom="sm">
                <Kbd size="xs">Space</Kbd> tap · <Kbd size="xs">P</Kbd> play/pause ·{' '}
                <Kbd size="xs">←</Kbd> <Kbd size="xs">→</Kbd> move the selected line 50 ms (
                <Kbd size="xs">Shift</Kbd>: 1 s) · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Z</Kbd>{' '}
                undo
              </Text>
              <Group justify="center">
                <LyricsLanguage
                  language={language}
                  onChange={(chosen) =>
                    void save({ lines: state.lines, language: chosen }).then((version) => {
                      written.current.add(version);
                    })
                  }
                />
              </Group>
              <LyricsFiles
                lines={state.lines}
                fileStem={fileStemOf(audio ? trackTitle(audio) : 'lyrics')}
                title={audio ? trackTitle(audio) : ''}
                onImport={(lines) => dispatch({ type: 'import', lines })}
              />
            </Stack>
          </Paper>

          <Paper
            withBorder
            radius="lg"
            p={{ base: 'xs', sm: 'md' }}
            shadow="xs"
            component="section"
            aria-labelledby="lyrics-lines-title"
            ref={lineArea}
          >
            <Title order={2} fz="md" mb="xs" px={8} id="lyrics-lines-title">
              Lines
            </Title>
            <LineList
              lines={state.lines}
              selected={state.selected}
              current={current}
              next={state.mode === 'lines' && !everyLineTapped ? state.cursor : null}
              onSelect={select}
              onNudge={nudge}
            />
          </Paper>
        </>
      )}
      {source.state === 'ready' && <audio ref={attach} src={source.src} preload="auto" hidden />}
    </Stack>
  );
}

/** /media/audio/$audioId/lyrics */
export function LyricsEditorScreen({ title, description }: { title: string; description: string }) {
  const { audioId = '' } = useParams({ strict: false }) as { audioId?: string };
  const online = useOnline();
  const { value: audio } = useLibraryAudio(audioId);
  const status = useSyncStatus();
  const stillLooking =
    audio === undefined ||
    (audio === null && (status.audios.refreshing || (!status.audios.fetched && online)));

  return (
    <LibraryLayout title={audio ? `Lyrics: ${trackTitle(audio)}` : title} description={description}>
      {audio ? (
        <Editor key={audio.audio_uuid} audio={audio} online={online} />
      ) : stillLooking ? (
        <Skeleton radius="lg" h={260} aria-busy />
      ) : (
        <TrackNotFound online={online} />
      )}
    </LibraryLayout>
  );
}

const NO_TIMES: readonly number[] = [];

/** The word being sung in a line timed word by word (core's rule), or null. */
function wordIndexOf(line: LyricLine, seconds: number): number | null {
  const index = wordAt({ lines: [line], language: null }, 0, seconds);
  return index < 0 ? null : index;
}

/** A file name from a track's title: letters, digits, spaces and dashes kept. */
function fileStemOf(title: string): string {
  return title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'lyrics';
}

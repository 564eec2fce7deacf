// Before a clip is uploaded: the browser reads it (length, size), plays it looping between the
// loop points the user sets, and, when they are not the whole clip, trims it to them with
// ffmpeg.wasm in a Web Worker (src/lib/video-trim.ts), offline too. Then the clip joins the
// upload queue (the same resumable path as audio).
import { Alert, Button, Group, Modal, Progress, RangeSlider, Stack, Text } from '@mantine/core';
import { IconCut, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatFileSize, formatLength } from '../../lib/format';
import { probeClipInBrowser, trimClip } from '../../lib/video-trim';

/** Loop points snap to a tenth of a second. */
const STEP = 0.1;

type Probe = { duration: number; width: number; height: number };

export function ClipUploadDialog({
  file,
  onClose,
  onUpload,
}: {
  file: File | null;
  onClose: () => void;
  onUpload: (file: File) => void;
}) {
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title="Upload a clip to loop"
      size="lg"
      centered
    >
      {file && (
        <ClipForm
          key={`${file.name}:${file.size}:${file.lastModified}`}
          file={file}
          onClose={onClose}
          onUpload={onUpload}
        />
      )}
    </Modal>
  );
}

/** The chosen clip: its preview, its loop points and the upload (one per file: keyed). */
function ClipForm({
  file,
  onClose,
  onUpload,
}: {
  file: File;
  onClose: () => void;
  onUpload: (file: File) => void;
}) {
  const [probe, setProbe] = useState<Probe | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const [trimming, setTrimming] = useState<number | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  useEffect(() => {
    let current = true;
    probeClipInBrowser(file)
      .then((info) => {
        if (!current) return;
        setProbe(info);
        setRange([0, Math.floor(info.duration / STEP) * STEP]);
      })
      .catch((cause: unknown) => {
        if (current) setError(cause instanceof Error ? cause.message : String(cause));
      });
    return () => {
      current = false;
    };
  }, [file]);

  // The preview loops between the loop points, as the loop will.
  const [start, end] = range;
  useEffect(() => {
    const element = video.current;
    if (!element || !probe) return undefined;
    element.currentTime = start;
    const onTime = () => {
      if (element.currentTime >= end || element.currentTime < start - 0.05)
        element.currentTime = start;
    };
    element.addEventListener('timeupdate', onTime);
    return () => element.removeEventListener('timeupdate', onTime);
  }, [start, end, probe]);

  const whole = probe !== null && start <= 0 && end >= Math.floor(probe.duration / STEP) * STEP;
  const trimAndUpload = async () => {
    if (whole) return onUpload(file);
    setTrimming(0);
    setError(null);
    try {
      onUpload(await trimClip(file, start, end, (fraction) => setTrimming(fraction)));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setTrimming(null);
    }
  };

  return (
    <Stack gap="md">
      {url && (
        <video
          ref={video}
          src={url}
          muted
          autoPlay
          playsInline
          loop
          data-testid="clip-preview"
          style={{ width: '100%', maxHeight: '46vh', background: '#000', borderRadius: 8 }}
        />
      )}
      <Text size="sm" c="dimmed">
        {file.name} · {formatFileSize(file.size)}
        {probe && ` · ${probe.width} × ${probe.height} · ${formatLength(probe.duration)}`}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="clip-error">
          {error}
        </Alert>
      )}
      {probe && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            Loop points
          </Text>
          <RangeSlider
            min={0}
            max={Math.floor(probe.duration / STEP) * STEP}
            step={STEP}
            minRange={0.5}
            value={range}
            onChange={setRange}
            label={(value) => `${value.toFixed(1)} s`}
            thumbFromLabel="Loop start"
            thumbToLabel="Loop end"
            data-testid="clip-range"
          />
          <Text size="xs" c="dimmed" mt={6} data-testid="clip-range-text">
            {whole
              ? 'The whole clip loops. Move the points to loop a part of it: it is cut here, in your browser, before uploading.'
              : `Loops ${start.toFixed(1)} s to ${end.toFixed(1)} s (${(end - start).toFixed(1)} s), cut in your browser before uploading.`}
          </Text>
        </div>
      )}
      {trimming !== null && (
        <Stack gap={4} data-testid="clip-trimming">
          <Text size="sm">Cutting the clip in your browser… {Math.round(trimming * 100)} %</Text>
          <Progress value={trimming * 100} animated aria-label="Cutting the clip" />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!probe || trimming !== null}
          leftSection={
            whole ? <IconUpload size={16} aria-hidden /> : <IconCut size={16} aria-hidden />
          }
          onClick={() => void trimAndUpload()}
        >
          {whole ? 'Upload clip' : 'Trim and upload'}
        </Button>
      </Group>
    </Stack>
  );
}

// Lyrics files in and out of the editor: an LRC (enhanced too), SRT, WebVTT or text file read
// with core's readers (a bad file says which line and why), and the timed lines written as LRC
// or SRT for other apps, all on the device.
import { Alert, Button, FileButton, Group } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { parseLyrics, toLrc, toSrt } from '../../../core/lyrics';
import {
  LYRICS_MAX_BYTES,
  LYRICS_TOO_LARGE_MESSAGE,
  LyricsError,
  type LyricLine,
} from '../../../core/lyrics/lyrics';

/** The file types the import button offers. */
const ACCEPT = '.lrc,.srt,.vtt,.txt,text/plain,text/vtt,application/x-subrip';

export function LyricsFiles({
  lines,
  fileStem,
  title,
  onImport,
}: {
  lines: readonly LyricLine[];
  /** The downloads' name without extension (the track's). */
  fileStem: string;
  title: string;
  onImport: (lines: LyricLine[]) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);

  async function read(file: File | null) {
    if (!file) return;
    try {
      // Refused by its size before it is read: core refuses it again, counted in UTF-8, once read.
      if (file.size > LYRICS_MAX_BYTES) throw new LyricsError(LYRICS_TOO_LARGE_MESSAGE);
      onImport(parseLyrics(file.name, await file.text()).lines);
      setProblem(null);
    } catch (error) {
      if (!(error instanceof LyricsError)) throw error;
      setProblem(`${file.name}: ${error.message}`);
    }
  }

  function download(extension: 'lrc' | 'srt') {
    try {
      const lyrics = { lines: [...lines], language: null };
      const text = extension === 'lrc' ? toLrc(lyrics, { title }) : toSrt(lyrics);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${fileStem}.${extension}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProblem(null);
    } catch (error) {
      if (!(error instanceof LyricsError)) throw error;
      setProblem(`${error.message} Tap every line before saving a file.`);
    }
  }

  const timed = lines.some((line) => line.startSeconds !== null);
  return (
    <>
      <Group gap="xs" justify="center">
        <FileButton onChange={(file) => void read(file)} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="sm"
              leftSection={<IconFileImport size={16} aria-hidden />}
              data-testid="lyrics-import"
            >
              Import LRC, SRT, WebVTT or text
            </Button>
          )}
        </FileButton>
        {(['lrc', 'srt'] as const).map((extension) => (
          <Button
            key={extension}
            variant="default"
            size="sm"
            disabled={!timed}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(extension)}
            data-testid={`lyrics-export-${extension}`}
          >
            Save as {extension.toUpperCase()}
          </Button>
        ))}
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="lyrics-file-problem">
          {problem}
        </Alert>
      )}
    </>
  );
}

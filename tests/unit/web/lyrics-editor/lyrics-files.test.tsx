// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LyricsFiles } from '../../../../src/features/lyrics-editor/LyricsFiles';
import { theme } from '../../../../src/ui/theme';

const wrap = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

function choose(name: string, text: string) {
  const file = new File([text], name, { type: 'text/plain' });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('lyrics files in the editor', () => {
  it('imports an LRC file as timed lines', async () => {
    const onImport = vi.fn();
    wrap(<LyricsFiles lines={[]} fileStem="song" title="Song" onImport={onImport} />);
    choose('song.lrc', '[00:01.50]Headlights on the water\n[00:04.25]We drive until the morning\n');
    await waitFor(() => expect(onImport).toHaveBeenCalled());
    const lines = onImport.mock.calls[0]![0] as { text: string; startSeconds: number }[];
    expect(lines.map((line) => [line.text, line.startSeconds])).toEqual([
      ['Headlights on the water', 1.5],
      ['We drive until the morning', 4.25],
    ]);
  });

  it('names the file and the line of a bad one, and imports nothing', async () => {
    const onImport = vi.fn();
    wrap(<LyricsFiles lines={[]} fileStem="song" title="Song" onImport={onImport} />);
    choose(
      'song.srt',
      '1\n00:00:01,000 --> 00:00:03,000\nOne\n\n2\n00:00:05,000 --> 00:00:04,000\nTwo\n',
    );
    const problem = await screen.findByTestId('lyrics-file-problem');
    expect(problem.textContent).toMatch(/^song\.srt: Line 6: /);
    expect(onImport).not.toHaveBeenCalled();
  });

  it('refuses a file over 512 KB by its size, before reading it', async () => {
    const onImport = vi.fn();
    const readText = vi.spyOn(File.prototype, 'text');
    wrap(<LyricsFiles lines={[]} fileStem="song" title="Song" onImport={onImport} />);
    // Blank lines: the file whose format detection once took minutes.
    choose('blank.txt', '\n'.repeat(600 * 1024));
    const problem = await screen.findByTestId('lyrics-file-problem');
    expect(problem.textContent).toBe(
      'blank.txt: This file is larger than 512 KB, the most a lyrics file can be.',
    );
    expect(readText).not.toHaveBeenCalled();
    expect(onImport).not.toHaveBeenCalled();
    readText.mockRestore();
  });

  it('saves files only once lines are timed', () => {
    wrap(
      <LyricsFiles
        lines={[{ text: 'a', startSeconds: null, endSeconds: null, words: null, section: 0 }]}
        fileStem="song"
        title="Song"
        onImport={vi.fn()}
      />,
    );
    expect((screen.getByTestId('lyrics-export-lrc') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('lyrics-export-srt') as HTMLButtonElement).disabled).toBe(true);
  });
});

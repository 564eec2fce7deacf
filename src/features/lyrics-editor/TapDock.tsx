// The Tap button and what the next tap times (a line, or a word in the word pass), with the
// lines being rehearsed before it.
import { Button, Kbd, Text } from '@mantine/core';
import { IconHandFinger } from '@tabler/icons-react';
import type { EditorState } from './editor-state';
import { wordsOf } from './line-timing';
import classes from './lyrics-editor.module.css';
import { EDITOR_WORDS } from './lyrics-words';

/** What the next tap times, as the dock names it; null when every line is timed. */
export function tapTargetOf(state: EditorState): string | null {
  if (state.mode === 'words') {
    const line = state.lines[state.wordCursor.line];
    const word = line ? wordsOf(line.text)[state.wordCursor.word] : undefined;
    return word ? `“${word}” (line ${state.wordCursor.line + 1})` : null;
  }
  const line = state.lines[state.cursor];
  return line ? `line ${state.cursor + 1}: ${line.text}` : null;
}

/** "lines 3–5", "line 4": the lines a rehearsal plays, numbered as the list numbers them. */
function linesNamed({ first, last }: { first: number; last: number }): string {
  return first === last ? `line ${first + 1}` : `lines ${first + 1}–${last + 1}`;
}

export function TapDock({ state, onTap }: { state: EditorState; onTap: () => void }) {
  const target = tapTargetOf(state);
  const rehearsal = state.mode === 'lines' && target ? state.rehearsal : null;
  return (
    <div>
      <Button
        fullWidth
        size="xl"
        radius="lg"
        className={classes.tapButton}
        leftSection={<IconHandFinger size={26} aria-hidden />}
        disabled={!target}
        data-testid="lyrics-tap"
        aria-describedby="lyrics-tap-target"
        onPointerDown={(event) => {
          if (event.button === 0) onTap();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (!event.repeat) onTap();
          }
        }}
      >
        Tap
      </Button>
      <Text
        size="sm"
        c="dimmed"
        ta="center"
        mt={6}
        id="lyrics-tap-target"
        data-testid="lyrics-tap-target"
      >
        {target ? (
          <>
            {rehearsal && (
              <span data-testid="lyrics-rehearsal">Rehearsing {linesNamed(rehearsal)} · </span>
            )}
            Next: {target} · <Kbd size="xs">Space</Kbd>
          </>
        ) : (
          EDITOR_WORDS.allTapped
        )}
      </Text>
    </div>
  );
}

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from '../../../../src/features/lyrics-editor/editor-state';
import { TapDock } from '../../../../src/features/lyrics-editor/TapDock';
import { theme } from '../../../../src/ui/theme';

const SONG = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];

function shown(state: EditorState): string {
  const { unmount } = render(
    <MantineProvider theme={theme}>
      <TapDock state={state} onTap={vi.fn()} />
    </MantineProvider>,
  );
  const text = screen.getByTestId('lyrics-tap-target').textContent ?? '';
  unmount();
  return text;
}

describe('the Tap button’s cursor', () => {
  it('names the line after the rehearsed ones, and again after a tap is undone', () => {
    let state = editorReducer(initialEditorState(), { type: 'paste', text: SONG.join('\n') });
    const act = (action: EditorAction) => (state = editorReducer(state, action));
    for (const t of [10, 12, 14, 16, 18]) act({ type: 'tap', seconds: t });
    expect(shown(state)).toBe('Next: line 6: six · Space');

    act({ type: 'rehearse' });
    expect(shown(state)).toBe('Rehearsing lines 3–5 · Next: line 6: six · Space');

    act({ type: 'tap', seconds: 20.4 });
    expect(shown(state)).toBe('Next: line 7: seven · Space');

    act({ type: 'undo' });
    expect(shown(state)).toBe('Next: line 6: six · Space');
  });

  it('says when every line is timed, and disables the button', () => {
    let state = editorReducer(initialEditorState(), { type: 'paste', text: 'one\ntwo' });
    for (const t of [1, 2]) state = editorReducer(state, { type: 'tap', seconds: t });
    state = editorReducer(state, { type: 'rehearse' });
    render(
      <MantineProvider theme={theme}>
        <TapDock state={state} onTap={vi.fn()} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('lyrics-tap-target').textContent).toMatch(/^Every line is timed/);
    expect((screen.getByTestId('lyrics-tap') as HTMLButtonElement).disabled).toBe(true);
  });
});

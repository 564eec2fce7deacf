// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LineList } from '../../../../src/features/lyrics-editor/LineList';
import { PastePanel } from '../../../../src/features/lyrics-editor/PastePanel';
import { linesFromText } from '../../../../src/features/lyrics-editor/pasted-text';
import { theme } from '../../../../src/ui/theme';

// The autosizing textarea listens for font loads; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const wrap = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('the paste box and the line list', () => {
  it('counts lines and sections, and hands the text on', () => {
    const onUse = vi.fn();
    wrap(<PastePanel initialText="" onUse={onUse} />);
    const use = screen.getByTestId('lyrics-use-text');
    expect((use as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('lyrics-paste'), { target: { value: 'a\nb\n\nc' } });
    expect(screen.getByText(/3 lines · 2 sections/)).toBeTruthy();
    fireEvent.click(use);
    expect(onUse).toHaveBeenCalledWith('a\nb\n\nc');
  });

  it('refuses a line longer than the server keeps', () => {
    wrap(<PastePanel initialText={'x'.repeat(301)} onUse={vi.fn()} />);
    expect(screen.getByText(/Line 1 is longer than 300/)).toBeTruthy();
    expect((screen.getByTestId('lyrics-use-text') as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks the next line to tap, selects a line and nudges it', () => {
    const lines = linesFromText('one\ntwo');
    lines[0]!.startSeconds = 1.5;
    const onSelect = vi.fn();
    const onNudge = vi.fn();
    wrap(
      <LineList
        lines={lines}
        selected={0}
        current={null}
        next={1}
        onSelect={onSelect}
        onNudge={onNudge}
      />,
    );
    const rows = screen.getAllByTestId('lyrics-line');
    expect(rows[0]!.getAttribute('data-start')).toBe('1.5');
    expect(rows[1]!.hasAttribute('data-next')).toBe(true);
    expect(screen.getByText('tap next')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Line 2: two/ }));
    expect(onSelect).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Line 1 50 ms later' }));
    expect(onNudge).toHaveBeenCalledWith(0, 0.05);
  });

  it('shows each section’s label above its first line, not as a line', () => {
    const lines = linesFromText('[Verse 1]\none\ntwo\n\n[Chorus]\nthree');
    wrap(
      <LineList
        lines={lines}
        selected={null}
        current={null}
        next={0}
        onSelect={vi.fn()}
        onNudge={vi.fn()}
      />,
    );
    const rows = screen.getAllByTestId('lyrics-line');
    expect(rows).toHaveLength(3);
    expect(screen.getAllByTestId('lyrics-section-label').map((label) => label.textContent)).toEqual(
      ['Verse 1', 'Chorus'],
    );
    expect(rows[0]!.querySelector('[data-testid="lyrics-section-label"]')?.textContent).toBe(
      'Verse 1',
    );
    expect(rows[2]!.querySelector('[data-testid="lyrics-section-label"]')?.textContent).toBe(
      'Chorus',
    );
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAILLE_BLANK } from '../../../../core/text/instagram-spacer';
import { InstagramSpacerScreen } from '../../../../src/features/tools';
import { renderTool, stubClipboard } from './render-tool';

const B = BRAILLE_BLANK;

// The autosizing text areas listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function show() {
  renderTool(<InstagramSpacerScreen title="Instagram Line Break Spacer" description="Captions." />);
  return {
    input: screen.getByRole('textbox', { name: 'Your caption' }) as HTMLTextAreaElement,
    output: screen.getByRole('textbox', { name: 'Ready for Instagram' }) as HTMLTextAreaElement,
  };
}

describe('the Instagram line-break spacer', () => {
  it('converts the text as it is typed, previews it as a caption and counts it', () => {
    const { input, output } = show();
    fireEvent.change(input, { target: { value: 'Out now\n\n\n  Link in bio  ' } });
    expect(output.value).toBe(`Out now\n${B}\n${B}\n${B}${B}Link in bio`);
    expect(output.readOnly).toBe(true);
    expect(screen.getByTestId('caption-text').textContent).toBe(
      `your.band Out now\n${B}\n${B}\n${B}${B}Link in bio`,
    );
    expect(screen.getByTestId('caption-count').textContent).toBe('25 / 2,200 characters');
    expect(screen.queryByTestId('caption-over-limit')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Mark the invisible characters' }));
    const preview = screen.getByTestId('caption-text');
    expect(preview.querySelectorAll('mark[data-hidden-character]')).toHaveLength(4);
    expect(preview.textContent).toBe(`your.band Out now\n${B}\n${B}\n${B}${B}Link in bio`);
  });

  it('warns over the 2,200-character limit, counting the added characters', () => {
    const { input } = show();
    fireEvent.change(input, { target: { value: `${'a'.repeat(2196)}\n\nb` } });
    expect(screen.getByTestId('caption-count').textContent).toBe('2,200 / 2,200 characters');
    expect(screen.queryByTestId('caption-over-limit')).toBeNull();
    fireEvent.change(input, { target: { value: `${'a'.repeat(2196)}\n\n\nb` } });
    expect(screen.getByTestId('caption-count').textContent).toBe('2,202 / 2,200 characters');
    expect(screen.getByTestId('caption-over-limit').textContent).toContain(
      '2 characters over Instagram',
    );
  });

  it('copies the converted caption', async () => {
    const writeText = stubClipboard();
    const { input } = show();
    fireEvent.change(input, { target: { value: 'a\n\nb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy caption' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`a\n${B}\nb`));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RgbColorCreatorScreen } from '../../../../src/features/tools';
import { renderTool, stubClipboard } from './render-tool';

const STORAGE_KEY = 'waveframe.tools.recent-colors';

function show() {
  return renderTool(
    <RgbColorCreatorScreen title="RGB Color Creator" description="Mix a colour." />,
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const swatch = () => screen.getByTestId('color-swatch');

describe('the RGB colour creator', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('starts with a colour shown in every form, with its contrast', () => {
    show();
    expect(swatch().dataset.color).toBe('#1e90ff');
    expect(field('Hex').value).toBe('#1e90ff');
    expect(field('Red').value).toBe('30');
    expect(field('Green').value).toBe('144');
    expect(field('Blue').value).toBe('255');
    expect(field('Hue').value).toBe('210°');
    expect(field('Saturation').value).toBe('100%');
    expect(field('Lightness').value).toBe('56%');
    expect(screen.getByTestId('contrast-white-ratio').textContent).toBe('3.23:1');
    expect(screen.getByTestId('contrast-white-verdict').textContent).toBe('AA large');
    expect(screen.getByTestId('contrast-black-ratio').textContent).toBe('6.48:1');
    expect(screen.getByTestId('contrast-black-verdict').textContent).toBe('AA');
    expect(screen.getByTestId('no-recent-colors')).toBeTruthy();
  });

  it('keeps RGB, HSL and hex in step whichever is edited', () => {
    show();
    fireEvent.change(field('Hex'), { target: { value: '#ff0000' } });
    expect(field('Red').value).toBe('255');
    expect(field('Green').value).toBe('0');
    expect(field('Hue').value).toBe('0°');
    expect(field('Lightness').value).toBe('50%');
    expect(swatch().dataset.color).toBe('#ff0000');

    fireEvent.change(field('Green'), { target: { value: '255' } });
    expect(field('Hex').value).toBe('#ffff00');
    expect(field('Hue').value).toBe('60°');

    fireEvent.change(field('Hue'), { target: { value: '240°' } });
    expect(field('Hex').value).toBe('#0000ff');
    expect(field('Blue').value).toBe('255');
    expect(field('Red').value).toBe('0');
    expect(screen.getByTestId('contrast-black-verdict').textContent).toBe('Fails');
    expect(screen.getByTestId('contrast-white-verdict').textContent).toBe('AAA');
  });

  it('moves a channel with its slider from the keyboard', () => {
    show();
    const red = screen.getByRole('slider', { name: 'Red slider' });
    fireEvent.keyDown(red, { key: 'ArrowRight' });
    expect(field('Red').value).toBe('31');
    expect(field('Hex').value).toBe('#1f90ff');
  });

  it('refuses a bad hex code with a reason and keeps the colour', () => {
    show();
    fireEvent.change(field('Hex'), { target: { value: '#12zz' } });
    expect(field('Hex').value).toBe('#12zz');
    expect(screen.getByText(/Enter a hex colour of 3 or 6 digits/)).toBeTruthy();
    expect(screen.getByText(/The colour stays #1e90ff/)).toBeTruthy();
    expect(swatch().dataset.color).toBe('#1e90ff');
    expect(field('Red').value).toBe('30');

    fireEvent.change(field('Hex'), { target: { value: 'abc' } });
    expect(screen.queryByText(/Enter a hex colour/)).toBeNull();
    expect(swatch().dataset.color).toBe('#aabbcc');
  });

  it('copies hex, rgb() and hsl() with a confirmation and remembers the colour', async () => {
    const writeText = stubClipboard();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Copy hex #1e90ff' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('#1e90ff'));
    expect(await screen.findByText('Copied #1e90ff')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy hex #1e90ff' }).textContent).toBe('Copied');
    fireEvent.click(screen.getByRole('button', { name: 'Copy rgb rgb(30, 144, 255)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('rgb(30, 144, 255)'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy hsl hsl(210, 100%, 56%)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('hsl(210, 100%, 56%)'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')).toEqual(['#1e90ff']);
    expect(screen.getByRole('button', { name: 'Restore #1e90ff' })).toBeTruthy();
  });

  it('keeps a colour left alone as a recent colour, restores it on click and on the next visit', () => {
    vi.useFakeTimers();
    const view = show();
    fireEvent.change(field('Hex'), { target: { value: '#336699' } });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.change(field('Hex'), { target: { value: '#ff8800' } });
    act(() => vi.advanceTimersByTime(2000));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')).toEqual(['#ff8800', '#336699']);

    fireEvent.click(screen.getByRole('button', { name: 'Restore #336699' }));
    expect(field('Hex').value).toBe('#336699');
    expect(field('Red').value).toBe('51');

    view.unmount();
    show();
    expect(field('Hex').value).toBe('#ff8800');
    fireEvent.click(screen.getByRole('button', { name: 'Clear recent colours' }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('[]');
  });
});

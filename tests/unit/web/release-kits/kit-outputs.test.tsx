// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KIT_OUTPUTS, type KitOutput } from '../../../../core/render/release-kit';
import { KitOutputsFields } from '../../../../src/features/release-kits/KitOutputsFields';

function setup(outputs: readonly KitOutput[]) {
  const onOutputs = vi.fn();
  render(
    <MantineProvider>
      <KitOutputsFields outputs={outputs} onOutputs={onOutputs} feed="4:5" onFeed={vi.fn()} />
    </MantineProvider>,
  );
  return { onOutputs };
}

const box = (output: KitOutput) =>
  screen.getByTestId(`kit-output-${output}`).querySelector('input') ??
  (screen.getByTestId(`kit-output-${output}`) as HTMLInputElement);

describe('KitOutputsFields', () => {
  it('takes the thumbnail away with the full video, in the kit’s order', () => {
    const { onOutputs } = setup(KIT_OUTPUTS);
    fireEvent.click(box('full'));
    expect(onOutputs).toHaveBeenCalledWith(['vertical', 'feed', 'canvas']);
  });

  it('offers the thumbnail only with the full video', () => {
    setup(['vertical', 'feed']);
    expect((box('thumbnail') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Made with the full video/)).toBeTruthy();
    expect((box('vertical') as HTMLInputElement).disabled).toBe(false);
  });
});

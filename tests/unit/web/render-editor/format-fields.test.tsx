// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LARGER_OUTPUTS_MESSAGE } from '../../../../core/plans/catalogue';
import {
  changeFormat,
  FormatFields,
  type OutputFormat,
} from '../../../../src/features/render-editor/FormatFields';
import { SessionProvider } from '../../../../src/features/session/SessionContext';
import type { SessionStore } from '../../../../src/features/session/session-store';
import { theme } from '../../../../src/ui/theme';
import { signedInSession } from '../render-app';

function renderUi(ui: ReactNode, session: SessionStore) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider theme={theme} env="test">
      <SessionProvider store={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>,
  );
}

const HD: OutputFormat = { aspect: '16:9', resolution: '1080p', fps: 30 };
const ASPECTS = ['16:9', '1:1', '9:16', '4:5'] as const;

/** The radio of a segmented control, by its label. */
const option = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the Format fields of a creator', () => {
  it('on the free plan: 4K and 60 fps are there but not to be chosen, and say why', async () => {
    const onChange = vi.fn();
    renderUi(
      <FormatFields
        kind="visualizer"
        aspects={ASPECTS}
        format={HD}
        onChange={onChange}
        trackSeconds={null}
      />,
      signedInSession({ plan: 'free_tier', is_premium: false, viz_credits: 3 }),
    );
    expect(await screen.findByText(LARGER_OUTPUTS_MESSAGE)).toBeTruthy();
    expect(option('4K').disabled).toBe(true);
    expect(option('60 fps').disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByTestId('output-size').textContent).toBe(
      'Landscape, 1920 × 1080 pixels, 30 frames a second',
    );
    // No track of the user's yet: no estimate.
    expect(screen.queryByTestId('render-estimate')).toBeNull();
  });

  it('on a paid plan: 4K and 60 fps are chosen, and the estimate grows with them', async () => {
    const onChange = vi.fn();
    const session = signedInSession({
      plan: 'plan_tier_one_monthly',
      is_premium: true,
      viz_credits: 30,
    });
    const view = renderUi(
      <FormatFields
        kind="visualizer"
        aspects={ASPECTS}
        format={HD}
        onChange={onChange}
        trackSeconds={180}
      />,
      session,
    );
    expect(await screen.findByRole('radiogroup', { name: 'Resolution' })).toBeTruthy();
    expect(screen.queryByText(LARGER_OUTPUTS_MESSAGE)).toBeNull();
    const hdEstimate = screen.getByTestId('render-estimate').textContent;
    expect(hdEstimate).toMatch(/^Estimated render time: about \d+ minutes? once it starts\.$/);

    fireEvent.click(option('4K'));
    expect(onChange).toHaveBeenLastCalledWith({ ...HD, resolution: '4k' });
    fireEvent.click(option('60 fps'));
    expect(onChange).toHaveBeenLastCalledWith({ ...HD, fps: 60 });

    view.unmount();
    renderUi(
      <FormatFields
        kind="visualizer"
        aspects={ASPECTS}
        format={{ aspect: '9:16', resolution: '4k', fps: 60 }}
        onChange={onChange}
        trackSeconds={180}
      />,
      session,
    );
    expect((await screen.findByTestId('output-size')).textContent).toBe(
      'Portrait, 2160 × 3840 pixels, 60 frames a second',
    );
    const minutes = (text: string | null) => Number(/about (\d+) minute/.exec(text ?? '')?.[1]);
    expect(minutes(screen.getByTestId('render-estimate').textContent)).toBeGreaterThan(
      4 * minutes(hdEstimate),
    );
  });

  it('has no 4K of the feed portrait: choosing it brings the resolution back to 1080p', () => {
    expect(changeFormat({ ...HD, resolution: '4k' }, { aspect: '4:5' })).toEqual({
      aspect: '4:5',
      resolution: '1080p',
      fps: 30,
    });
    expect(changeFormat(HD, { aspect: '1:1', resolution: '4k' })).toEqual({
      aspect: '1:1',
      resolution: '4k',
      fps: 30,
    });
  });

  it('a still has a resolution but no frame rate', async () => {
    renderUi(
      <FormatFields
        kind="single-frame"
        aspects={['16:9', '1:1']}
        format={HD}
        onChange={vi.fn()}
        trackSeconds={240}
      />,
      signedInSession({ plan: 'plan_tier_one_monthly', is_premium: true }),
    );
    expect(await screen.findByRole('radiogroup', { name: 'Resolution' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Frame rate' })).toBeNull();
    expect(screen.getByTestId('render-estimate').textContent).toBe(
      'Estimated render time: under a minute once it starts.',
    );
  });
});

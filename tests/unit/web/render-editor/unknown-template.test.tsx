// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { templateFromRoute } from '../../../../src/features/render-editor/CreateRenderScreen';
import { renderApp, sessionDeps } from '../render-app';
import { createSessionStore } from '../../../../src/features/session/session-store';

describe('the create screen of an unknown template', () => {
  it('finds templates of its own kind only', () => {
    expect(templateFromRoute('visualizer', 'mirrored-bars')?.kind).toBe('visualizer');
    expect(templateFromRoute('single-frame', 'mirrored-bars')).toBeUndefined();
    expect(templateFromRoute('visualizer', 'no-such-template')).toBeUndefined();
  });

  it('says so and links back to the gallery', async () => {
    renderApp({
      session: createSessionStore(sessionDeps(), { status: 'signed-out' }),
      path: '/audio-reactive-music-visualizers/create/no-such-template',
    });
    expect((await screen.findByTestId('unknown-template')).textContent).toContain(
      'There is no visualizer template called “no-such-template”.',
    );
    expect(
      screen.getAllByRole('link', { name: 'All visualizers' }).at(-1)?.getAttribute('href'),
    ).toBe('/audio-reactive-music-visualizers');
  });

  it('does the same for single-frame templates', async () => {
    renderApp({
      session: createSessionStore(sessionDeps(), { status: 'signed-out' }),
      path: '/single-frame-music-video-templates/create/nothing',
    });
    expect((await screen.findByTestId('unknown-template')).textContent).toContain(
      'static music video template',
    );
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../../src/features/session/session-store';
import { FAQ_GROUPS } from '../../../../src/features/legal/content/faq';
import { PRIVACY } from '../../../../src/features/legal/content/privacy';
import { TERMS } from '../../../../src/features/legal/content/terms';
import { SUPPORT_TOPICS } from '../../../../src/features/legal/content/support-topics';
import { renderApp, sessionDeps } from '../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (path: string) => renderApp({ session: createSessionStore(sessionDeps()), path });

describe.each([
  ['/terms', 'Terms of Service', TERMS],
  ['/privacy', 'Privacy Policy', PRIVACY],
])('%s', (path, title, document) => {
  it('has one h1, the last-updated date, and a table of contents whose links reach every section', async () => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    const updated = screen.getByText('25 November 2026');
    expect(updated.tagName).toBe('TIME');
    expect(updated.getAttribute('datetime')).toBe('2026-11-25');

    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(document.sections.length);
    for (const [i, link] of links.entries()) {
      const section = document.sections[i]!;
      expect(link.textContent).toBe(section.heading);
      expect(link.getAttribute('href')).toBe(`#${section.id}`);
      const target = window.document.getElementById(section.id)!;
      expect(target.tagName).toBe('SECTION');
      expect(within(target).getByRole('heading', { level: 2 }).textContent).toContain(
        section.heading,
      );
    }
  });
});

describe('/privacy says what the product stores and for how long', () => {
  it('covers storage, retention, cookies, processors, rights, deletion and contact', async () => {
    open('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const text = window.document.body.textContent ?? '';
    for (const fact of [
      'hash of your password',
      'sealed with AES-256-GCM',
      'Sessions: 30 days',
      '30 days after they were made',
      'sessionid',
      'csrftoken',
      'no analytics, advertising or tracking cookies',
      'Stripe',
      'Paddle',
      'Google (YouTube Data API)',
      'mail relay',
      'hosting',
    ])
      expect(text, fact).toContain(fact);
    const deletion = window.document.getElementById('deletion')!;
    expect(
      within(deletion).getByRole('link', { name: 'Delete account' }).getAttribute('href'),
    ).toBe('/account/permanently-delete');
    const contact = window.document.getElementById('contact')!;
    expect(within(contact).getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe(
      '/support/contact',
    );
  });
});

describe('/faq', () => {
  it('groups the questions under h2 headings, each question a collapsed accordion button', async () => {
    open('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    for (const group of FAQ_GROUPS)
      expect(screen.getByRole('heading', { level: 2, name: group.heading })).toBeTruthy();
    const count = FAQ_GROUPS.reduce((sum, group) => sum + group.items.length, 0);
    const buttons = screen
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-controls') && button.closest('h3'));
    expect(buttons).toHaveLength(count);
    for (const button of buttons) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(button.closest('h3')).toBeTruthy();
    }
  });

  it('works by keyboard: arrows move between questions, Home and End jump, Enter opens', async () => {
    open('/faq');
    const first = await screen.findByRole('button', { name: 'Which audio files can I upload?' });
    const second = screen.getByRole('button', { name: 'Which images can I use?' });
    const files = FAQ_GROUPS[0]!.items;
    const last = screen.getByRole('button', { name: files.at(-1)!.question });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(window.document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(window.document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'End' });
    expect(window.document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Home' });
    expect(window.document.activeElement).toBe(first);

    // A native button: Enter and Space activate it with a click, which is what the browser does.
    expect(first.tagName).toBe('BUTTON');
    fireEvent.click(first);
    await waitFor(() => expect(first.getAttribute('aria-expanded')).toBe('true'));
    const panel = window.document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(panel.textContent).toContain('MP3, WAV, FLAC');
    fireEvent.click(first);
    await waitFor(() => expect(first.getAttribute('aria-expanded')).toBe('false'));
  });

  it('opens the question its anchor names, and each answer links to its own anchor', async () => {
    open('/faq#canvas-rules');
    const button = await screen.findByRole('button', {
      name: 'What are Spotify’s rules for a Canvas?',
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const item = window.document.getElementById('canvas-rules')!;
    expect(item.textContent).toContain('3 to 8 seconds');
    expect(
      within(item).getByRole('link', { name: 'Link to this answer' }).getAttribute('href'),
    ).toBe('#canvas-rules');
    expect(
      screen
        .getByRole('button', { name: 'Which audio files can I upload?' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('gives plan prices from the catalogue', async () => {
    open('/faq#plans');
    await screen.findByRole('button', { name: 'What do the plans cost?' });
    const item = window.document.getElementById('plans')!;
    expect(item.textContent).toContain(
      'Creator: 30 visualizer credits and 10 Canvas credits a month for $9.99, €9.99 or £8.99 a month.',
    );
  });
});

describe('/support', () => {
  it('lists every topic with numbered steps, a contents list and the way to the contact form', async () => {
    open('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    for (const topic of SUPPORT_TOPICS) {
      expect(within(toc).getByRole('link', { name: topic.title }).getAttribute('href')).toBe(
        `#${topic.id}`,
      );
      const section = window.document.getElementById(topic.id)!;
      expect(within(section).getByRole('heading', { level: 2, name: topic.title })).toBeTruthy();
      expect(within(section).getAllByRole('listitem')).toHaveLength(topic.steps.length);
    }
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support/contact',
    );
  });

  it('/how-to leads here', async () => {
    const { router } = open('/how-to');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
  });
});

describe('/about and /integrations', () => {
  it('/about says what Waveframe makes, each kind linking to its page', async () => {
    open('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Waveframe' });
    expect(screen.getByRole('heading', { level: 2, name: 'What it makes' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Explore Spotify Canvas loops' }).getAttribute('href'),
    ).toBe('/spotify-canvas-templates');
  });

  it('/integrations presents YouTube, Spotify Canvas, Stripe and Paddle', async () => {
    open('/integrations');
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    for (const name of ['YouTube', 'Spotify Canvas', 'Stripe', 'Paddle'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Connect a channel/ }).getAttribute('href')).toBe(
      '/media/connected-accounts',
    );
  });
});

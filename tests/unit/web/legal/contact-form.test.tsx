// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../../src/features/session/session-store';
import { failure, fakeApi, type FakeRoute } from '../fake-api';
import { renderApp, sessionDeps } from '../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CONTACT = 'POST /api/support/contact';
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function contactForm(answer: FakeRoute = { body: { received: true } }) {
  const api = fakeApi({ [CONTACT]: answer });
  renderApp({ session: createSessionStore(sessionDeps()), path: '/support/contact' });
  const form = await screen.findByRole('form', { name: 'Contact support' });
  const field = (label: string) => within(form).getByLabelText(label, { exact: false });
  return {
    api,
    form,
    name: field('Name'),
    email: field('Email'),
    topic: field('Topic'),
    message: field('Message'),
    send: within(form).getByRole('button', { name: 'Send message' }),
  };
}

async function fillIn(form: Awaited<ReturnType<typeof contactForm>>) {
  type(form.name, 'Ada Lovelace');
  type(form.email, ' Ada@Example.com ');
  type(form.topic, 'billing');
  type(form.message, 'Where do I find my invoices?');
}

describe('/support/contact', () => {
  it('shows the messages under the fields, the shared e-mail messages included, and sends nothing', async () => {
    const form = await contactForm();
    fireEvent.click(form.send);
    expect(await screen.findByText('Please tell us your name')).toBeTruthy();
    expect(screen.getByText('No Email Provided')).toBeTruthy();
    expect(screen.getByText('Choose what your message is about')).toBeTruthy();
    expect(screen.getByText('Write at least 10 characters')).toBeTruthy();
    expect(form.name.getAttribute('aria-invalid')).toBe('true');

    type(form.email, 'ada@gmial.com');
    fireEvent.blur(form.email);
    expect(await screen.findByText('Email contains typo')).toBeTruthy();
    type(form.email, 'ada@');
    fireEvent.click(form.send);
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(form.api.callsTo(CONTACT)).toEqual([]);
  });

  it('sends name, e-mail, topic, message and the empty honeypot, then confirms', async () => {
    const form = await contactForm();
    await fillIn(form);
    fireEvent.click(form.send);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Message sent');
    expect(done.textContent).toContain('ada@example.com');
    expect(form.api.callsTo(CONTACT)[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'billing',
      message: 'Where do I find my invoices?',
      website: '',
    });
    expect(form.api.callsTo(CONTACT)[0]?.headers['X-CSRFToken']).toBe('test-token');
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    const again = await screen.findByRole('form', { name: 'Contact support' });
    expect((within(again).getByLabelText('Name', { exact: false }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('keeps the honeypot out of reach of people, and sends what a bot put in it', async () => {
    const form = await contactForm();
    const honeypot = form.form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    await fillIn(form);
    type(honeypot, 'https://spam.example');
    fireEvent.click(form.send);
    // The server answers a bot as it answers anyone, and sends nothing (tests/api/support.test.ts).
    expect((await screen.findByRole('status')).textContent).toContain('Message sent');
    expect((form.api.callsTo(CONTACT)[0]?.body as { website: string }).website).toBe(
      'https://spam.example',
    );
  });

  it('a 429 says to wait a few seconds, and the message stays to send again', async () => {
    const form = await contactForm(
      failure(429, 'TooManyRequests', 'Wait a few seconds then try again'),
    );
    await fillIn(form);
    fireEvent.click(form.send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Wait a few seconds then try again',
    );
    expect((form.message as HTMLTextAreaElement).value).toBe('Where do I find my invoices?');
  });

  it('a field the server refuses shows under that field; other failures say so generically', async () => {
    let answer = failure(400, 'InvalidData', 'email: Please use a different email address');
    const form = await contactForm(() => answer);
    await fillIn(form);
    fireEvent.click(form.send);
    expect(await screen.findByText('Please use a different email address')).toBeTruthy();
    expect(form.email.getAttribute('aria-invalid')).toBe('true');

    answer = failure(500, 'ServerError', 'Something went wrong');
    fireEvent.click(form.send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not send your message just now. Try again in a moment.',
    );
  });

  it('says when there is no connection', async () => {
    const form = await contactForm(null);
    await fillIn(form);
    fireEvent.click(form.send);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach Waveframe. Check your connection and try again.',
      ),
    );
  });
});

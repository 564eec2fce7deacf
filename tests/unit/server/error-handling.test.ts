import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../server/errors/app-error';
import { registerErrorHandling } from '../../../server/http/error-handling';

function appThatFails() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/crash', async () => {
    throw new Error('secret database password in this message');
  });
  app.get('/domain', async () => {
    throw new AppError(403, 'CodeInvalid', 'The code is invalid.');
  });
  app.post('/validate', async (request) => z.object({ email: z.email() }).parse(request.body));
  return app;
}

describe('error answers', () => {
  test('an unexpected error is a 500 { exc, message } without stack or internals', async () => {
    const response = await appThatFails().inject({ url: '/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      exc: 'ServerError',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('at ');
  });

  test('a domain error keeps its status and exc name', async () => {
    const response = await appThatFails().inject({ url: '/domain' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ exc: 'CodeInvalid', message: 'The code is invalid.' });
  });

  test('invalid input is a 400 InvalidData naming the field', async () => {
    const response = await appThatFails().inject({
      method: 'POST',
      url: '/validate',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().exc).toBe('InvalidData');
    expect(response.json().message).toMatch(/^email: /);
  });

  test('malformed JSON is a 400 InvalidData', async () => {
    const response = await appThatFails().inject({
      method: 'POST',
      url: '/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().exc).toBe('InvalidData');
  });
});

import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { requestIdOptions } from '../../../server/http/request-ids';
import { createLogger } from '../../../server/logger';
import {
  addressesRedacted,
  isSecretParameter,
  recipientForLog,
  redactUrl,
  subjectForLog,
} from '../../../server/log-redaction';

describe('what the log keeps of a URL', () => {
  test('query parameters whose name says secret are redacted, on any path', () => {
    expect(redactUrl('/account/reset-password?token=abc.DEF_123')).toBe(
      '/account/reset-password?token=[redacted]',
    );
    expect(redactUrl('/media/connected-accounts?code=4/0AX-y&state=s1.s2&scope=a%20b')).toBe(
      '/media/connected-accounts?code=[redacted]&state=[redacted]&scope=a%20b',
    );
    expect(
      redactUrl('/f?X-Amz-Signature=ff&X-Amz-Credential=k%2F1&X-Amz-Expires=60&apiKey=k&v=2'),
    ).toBe(
      '/f?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&X-Amz-Expires=60&apiKey=[redacted]&v=2',
    );
    expect(redactUrl('/x?access_token=t&refresh-token=t&session_id=s&PASSWORD=p&sig=s')).toBe(
      '/x?access_token=[redacted]&refresh-token=[redacted]&session_id=[redacted]&PASSWORD=[redacted]&sig=[redacted]',
    );
    // Names written percent-encoded are judged decoded; a fragment (never sent) is left out.
    expect(redactUrl('/x?%74oken=t#frag')).toBe('/x?%74oken=[redacted]');
  });

  test('everything else is kept as it was written', () => {
    for (const url of [
      '/api/health',
      '/api/release-kits/k1/zip?download=1',
      '/api/plugins/download?version=1.2.3',
      '/api/accounts/yt/authorize-url?redirectUri=http%3A%2F%2Fa%2Fb&purpose=link',
      '/x?flag&=empty&design=a',
      '/x?',
    ])
      expect(redactUrl(url)).toBe(url);
  });

  test('names are read by their words', () => {
    for (const name of [
      'token',
      'verification_code',
      'authCode',
      'client-secret',
      'hub.verify_token',
    ])
      expect(isSecretParameter(name), name).toBe(true);
    for (const name of ['download', 'version', 'design', 'codec', 'stateful', 'keyboard'])
      expect(isSecretParameter(name), name).toBe(false);
  });
});

describe('what Fastify logs of a request', () => {
  test('its URL, and the one of a request to no route, without the secrets', async () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, 'api', { write: (line) => lines.push(line) });
    // As the worker's metrics server is built: Fastify's own not-found handler.
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, ...requestIdOptions() });
    app.get('/here', async () => ({ ok: true }));
    try {
      await app.inject({ url: '/here?token=secret-one&page=2' });
      await app.inject({ url: '/nowhere?code=secret-two&state=secret-three' });
    } finally {
      await app.close();
    }
    const text = lines.join('\n');
    expect(text).toContain('"url":"/here?token=[redacted]&page=2"');
    expect(text).toContain('Route GET:/nowhere?code=[redacted]&state=[redacted] not found');
    expect(text).not.toMatch(/secret-(one|two|three)/);
  });
});

describe('what the log keeps of a mail', () => {
  test('an address: its domain and a hash, the same however it is written', () => {
    const logged = recipientForLog('Fan@Example.com');
    expect(logged).toEqual({
      toDomain: 'example.com',
      toHash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(recipientForLog(' fan@example.com ')).toEqual(logged);
    expect(recipientForLog('other@example.com').toHash).not.toBe(logged.toHash);
  });

  test('a subject: without its code', () => {
    expect(subjectForLog('Your Waveframe verification code: 042917')).toBe(
      'Your Waveframe verification code: [redacted]',
    );
    expect(subjectForLog('Reset your Waveframe password')).toBe('Reset your Waveframe password');
    expect(subjectForLog('Your video is ready: Night Drive 2')).toBe(
      'Your video is ready: Night Drive 2',
    );
    expect(subjectForLog('Token x9Zk2mQp8RtVw3Ln here')).toBe('Token [redacted] here');
  });

  test('a relay’s message: without the addresses it names', () => {
    expect(addressesRedacted('550 <Fan.One+x@Example.com>: rejected, and b@c.d too')).toBe(
      '550 <[redacted]@Example.com>: rejected, and [redacted]@c.d too',
    );
  });
});

import { describe, expect, test } from 'vitest';
import { AppError } from '../../../../server/errors/app-error';
import { invalidSignature } from '../../../../server/services/payments/payment-events.service';
import {
  outcomeOfAnswer,
  outcomeOfError,
} from '../../../../server/services/payments/webhook-outcomes';

describe('webhook outcomes, as the metric counts them', () => {
  test('a handled event: applied, ignored, refused or duplicate, never its free text', () => {
    expect(outcomeOfAnswer({ outcome: 'granted plan_tier_one_monthly' })).toBe('applied');
    expect(outcomeOfAnswer({ outcome: 'past_due' })).toBe('applied');
    expect(
      outcomeOfAnswer({ outcome: 'ignored: invoice.payment_failed of the first payment' }),
    ).toBe('ignored');
    expect(outcomeOfAnswer({ outcome: 'ignored: not the current subscription (sub_1)' })).toBe(
      'refused',
    );
    expect(outcomeOfAnswer({ outcome: 'refused: the event names another user' })).toBe('refused');
    expect(outcomeOfAnswer({ outcome: 'unknown customer' })).toBe('refused');
    expect(outcomeOfAnswer({ duplicate: true })).toBe('duplicate');
  });

  test('a refused call: by the error it was refused with', () => {
    expect(outcomeOfError(invalidSignature())).toBe('invalid_signature');
    expect(outcomeOfError(new AppError(404, 'NotFound', 'no payments here'))).toBe(
      'not_configured',
    );
    expect(outcomeOfError(new AppError(400, 'InvalidData', 'no event_id'))).toBe('invalid');
    expect(outcomeOfError(new Error('connection reset'))).toBe('error');
    expect(outcomeOfError(new AppError(503, 'Unavailable', 'later'))).toBe('error');
  });
});

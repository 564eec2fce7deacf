import type { AppContext } from '../../context';
import { AppError } from '../../errors/app-error';
import { isRefusal } from './payment-events.service';

export type WebhookProvider = 'stripe' | 'paddle';

/**
 * What became of a webhook call, in a few words a metric can count (the outcome the event row
 * keeps names plans and subscriptions, one series each).
 */
export type WebhookOutcome =
  | 'applied'
  | 'ignored'
  | 'refused'
  | 'duplicate'
  | 'invalid_signature'
  | 'invalid'
  | 'not_configured'
  | 'error';

/** The outcome of an event handled once (handleOnce's answer). */
export function outcomeOfAnswer(answer: { duplicate?: boolean; outcome?: string }): WebhookOutcome {
  if (answer.duplicate) return 'duplicate';
  const outcome = answer.outcome ?? '';
  if (isRefusal(outcome) || outcome === 'unknown customer') return 'refused';
  if (outcome.startsWith('ignored')) return 'ignored';
  return 'applied';
}

/** The outcome of a call refused with an error (the provider retries the 5xx ones). */
export function outcomeOfError(error: unknown): WebhookOutcome {
  if (!(error instanceof AppError)) return 'error';
  if (error.exc === 'InvalidSignature') return 'invalid_signature';
  if (error.statusCode === 404) return 'not_configured';
  return error.statusCode < 500 ? 'invalid' : 'error';
}

/** Receives one webhook call and counts its outcome by provider; answers or throws as it did. */
export async function countWebhook<T extends { duplicate?: boolean; outcome?: string }>(
  context: Pick<AppContext, 'metrics'>,
  provider: WebhookProvider,
  receive: () => Promise<T>,
): Promise<T> {
  try {
    const answer = await receive();
    context.metrics.webhookEvents.inc({ provider, outcome: outcomeOfAnswer(answer) });
    return answer;
  } catch (error) {
    context.metrics.webhookEvents.inc({ provider, outcome: outcomeOfError(error) });
    throw error;
  }
}

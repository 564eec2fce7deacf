// The loop behind the screens that follow something on the server (a render, an upload): ask at
// once, then again while the answer says so; a 429 waits and asks again, offline waits for the
// connection, and any other failure is reported and asked again later (the work goes on on the
// server either way).
import { failureOf } from '../api/api-error';
import { browserNetwork, type Network } from './network';

export interface StatusPollTiming {
  pollIntervalMs: number;
  rateLimitedRetryMs: number;
}

export interface StatusPoll<T> {
  /** One status call. */
  ask: () => Promise<T>;
  /** An answer, while still followed; true asks again after the poll interval. */
  onAnswer: (answer: T) => boolean | Promise<boolean>;
  /** A failed call other than offline or 429 (`status` 0: no answer came); asked again later. */
  onProblem: (status: number) => void;
  /** Read at each wait, so tests can shorten it. */
  timing: StatusPollTiming;
  network?: Network;
}

/** Starts following; returns the function that stops it (for an effect's clean-up). */
export function startStatusPoll<T>({
  ask,
  onAnswer,
  onProblem,
  timing,
  network = browserNetwork,
}: StatusPoll<T>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopOnline: (() => void) | null = null;
  const later = (ms: number) => {
    timer = setTimeout(() => void run(), ms);
  };
  const whenOnline = () => {
    stopOnline = network.onOnline(() => {
      stopOnline?.();
      stopOnline = null;
      void run();
    });
  };
  async function run(): Promise<void> {
    if (stopped) return;
    if (!network.isOnline()) {
      whenOnline();
      return;
    }
    try {
      const answer = await ask();
      if (stopped) return;
      if ((await onAnswer(answer)) && !stopped) later(timing.pollIntervalMs);
    } catch (error) {
      if (stopped) return;
      const { status } = failureOf(error);
      if (status === 0 && !network.isOnline()) {
        whenOnline();
        return;
      }
      if (status === 429) {
        later(timing.rateLimitedRetryMs);
        return;
      }
      onProblem(status);
      later(timing.pollIntervalMs);
    }
  }
  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopOnline?.();
  };
}

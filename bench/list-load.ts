// The load both API benches put on the server: a signed-in user's library list at a steady rate,
// each call's latency kept.
import type { ApiClient } from '../tests/support/api-client';

/** List calls a second. */
export const RATE = 100;

/**
 * Lists the user's tracks RATE times a second (open loop: a slow answer delays no call) for
 * `seconds`, or while `busy()` says so when given.
 */
export async function listLoad(api: ApiClient, seconds: number, busy?: () => boolean) {
  const latencies: number[] = [];
  const calls: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; busy ? busy() : i < RATE * seconds; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      (async () => {
        const sent = performance.now();
        const answer = await api.get('/api/audio/get-user-audios');
        if (answer.status !== 200) throw new Error(`list answered ${answer.status}`);
        latencies.push(performance.now() - sent);
      })(),
    );
  }
  await Promise.all(calls);
  return latencies;
}

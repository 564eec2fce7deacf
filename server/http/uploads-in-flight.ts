// How many tus requests (HEAD, PATCH) of one user this instance serves at once. A PATCH holds its
// upload's lock (on PostgreSQL, a connection of the lock pool) for as long as its body takes to
// arrive, so without a bound one user with many drafts sending slow PATCHes would take every
// lock and every other user's upload would wait behind them. The app sends one file at a time,
// so a few at once is plenty; beyond them a request is refused with 429 and a reason, and the
// app's uploader resumes it a little later from the offset the server holds.

import { AppError } from '../errors/app-error';

/** Seconds the refused request is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

export class UploadsInFlight {
  private readonly byUser = new Map<string, number>();

  constructor(readonly perUser: number) {}

  /**
   * Takes one of the user's places, or throws 429 naming the limit. The answer gives the place
   * back; calling it again does nothing.
   */
  enter(userUuid: string): () => void {
    const held = this.byUser.get(userUuid) ?? 0;
    if (held >= this.perUser) throw tooManyUploads(this.perUser);
    this.byUser.set(userUuid, held + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (this.byUser.get(userUuid) ?? 1) - 1;
      if (rest > 0) this.byUser.set(userUuid, rest);
      else this.byUser.delete(userUuid);
    };
  }
}

export const tooManyUploads = (perUser: number) =>
  new AppError(
    429,
    'TooManyRequests',
    `This account is already sending ${perUser} uploads at once, the most the server takes: this one goes on when one of them is done.`,
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

// Messages of the account screens that spec section 8 does not name (its own texts live in
// core/account-messages.ts).

/** A call that got no answer at all. */
export const NO_CONNECTION = 'Could not reach Waveframe. Check your connection and try again.';

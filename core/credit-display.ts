// Credit values as the top bar and the drawer show them (spec 4 "Credit display", spec 9).

/** Credit value that means "unlimited". */
export const UNLIMITED_CREDITS = -1;

/** Values at or above this are shortened to thousands ("12k", "12k+"). */
export const CREDIT_DISPLAY_CUTOFF = 10_000;

/** Formats a credit value: -1 -> "∞", 0 -> "0", below 10000 as is, else thousands + "k" (+ "+" if not whole). */
export function formatCredits(value: number): string {
  if (value === UNLIMITED_CREDITS) return '∞';
  if (!Number.isFinite(value) || value <= 0) return '0';
  if (value < CREDIT_DISPLAY_CUTOFF) return String(Math.floor(value));
  const thousands = Math.floor(value / 1000);
  const whole = value % 1000 === 0;
  return `${thousands}k${whole ? '' : '+'}`;
}

/** Total canvas credits (the quota): paid plus free, unlimited if either side is unlimited. */
export function totalCanvasCredits(canvasCredits: number, canvasCreditsFree: number): number {
  if (canvasCredits === UNLIMITED_CREDITS || canvasCreditsFree === UNLIMITED_CREDITS) {
    return UNLIMITED_CREDITS;
  }
  return Math.max(0, canvasCredits) + Math.max(0, canvasCreditsFree);
}

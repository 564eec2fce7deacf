/** The number typed into a tool's field, or null when it is empty, zero or negative. */
export function parsePositive(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

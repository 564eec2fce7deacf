/** Runs `run` after `ms`; returns the cancel function. Tests pass their own clock. */
export type Timer = (run: () => void, ms: number) => () => void;

export const browserTimer: Timer = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

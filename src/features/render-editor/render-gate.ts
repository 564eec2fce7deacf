// Whether the Render button may queue a render, decided before anything is sent (issue 5: with no
// credits left the user is told before anything is queued).
import { UNLIMITED_CREDITS } from '../../../core/credit-display';
import type { AuthStatus, PlanState } from '../session';

export type RenderGate =
  /** Signed out: the Render button opens the login panel. */
  | 'sign-in'
  /** The plan is not known yet (the login check or plan fetch is under way). */
  | 'checking'
  /** viz_credits is 0: the no-credits message with a link to /pricing. */
  | 'no-credits'
  | 'ok';

export function renderGate(
  status: AuthStatus,
  plan: PlanState | null,
  /** The credits the render spends: visualizer credits, or the Canvas quota. */
  creditsOf: (plan: PlanState) => number = (p) => p.viz_credits,
): RenderGate {
  if (status === 'signed-out') return 'sign-in';
  if (status === 'unchecked' || !plan) return 'checking';
  const credits = creditsOf(plan);
  if (credits === UNLIMITED_CREDITS) return 'ok';
  return credits > 0 ? 'ok' : 'no-credits';
}

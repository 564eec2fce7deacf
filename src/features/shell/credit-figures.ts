import { formatCredits } from '../../../core/credit-display';
import type { PlanState } from '../session';

/** The two credit figures the account menu and the drawer show. */
export function creditFigures(plan: PlanState | null): { label: string; value: string }[] {
  return [
    { label: 'Visualizer Credits', value: plan ? formatCredits(plan.viz_credits) : '–' },
    { label: 'Canvas Quota', value: plan ? formatCredits(plan.canvasQuota) : '–' },
  ];
}

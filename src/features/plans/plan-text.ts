// How a plan of the catalogue reads on the pricing and premium pages, and My Plan offline.
import { formatCredits } from '../../../core/credit-display';
import type { BillingInterval, PlanDefinition } from '../../../core/plans/catalogue';

export function perInterval(interval: BillingInterval | null): string {
  return interval === 'year' ? 'a year' : interval === 'month' ? 'a month' : '';
}

/** "30 visualizer credits a month", "Unlimited Canvas credits", "3 visualizer credits to start". */
export function creditLines(plan: PlanDefinition): string[] {
  const per = plan.interval === null ? 'to start' : perInterval(plan.interval);
  const line = (credits: number, what: string) =>
    credits === -1 ? `Unlimited ${what}` : `${formatCredits(credits)} ${what} ${per}`;
  return [line(plan.vizCredits, 'visualizer credits'), line(plan.canvasCredits, 'Canvas credits')];
}

/** "12 visualizer credits", "Unlimited Canvas credits". */
export function creditCount(credits: number, what: string): string {
  return credits === -1 ? `Unlimited ${what}` : `${formatCredits(credits)} ${what}`;
}

/** "March 3, 2027" for an ISO date. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** My Plan offline, in the words of the other offline screens. */
export const PLAN_OFFLINE = {
  notice:
    'You are offline. This is your plan and its credits as last saved on this device; changing your plan or card needs a connection.',
  notSaved: 'Your plan is not saved on this device yet: it shows once you are back online.',
  /** The card and invoices are the payment provider's: fetched only online. */
  later: 'Shown once you are back online.',
} as const;

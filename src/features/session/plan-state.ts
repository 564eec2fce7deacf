import { totalCanvasCredits } from '../../../core/credit-display';
import type { PlanResponse } from '../../api/types';

export const FREE_TIER = 'free_tier';
export const DEFAULT_ACCOUNT_LEVEL = 10;

/** The plan as the shell shows it (spec 3 "Plan"), with the values derived from it. */
export interface PlanState {
  plan: string;
  account_level: number;
  viz_credits: number;
  canvas_credits: number;
  canvas_credits_free: number;
  billing_status: string | null;
  customer_history: unknown;
  payment_processor: string | null;
  /** True when billing_status is past_due: the top bar shows a warning. */
  pastDue: boolean;
  /** Any plan but free_tier. */
  premium: boolean;
  /** Total canvas credits: the canvas quota. */
  canvasQuota: number;
  /** When this app last fetched the plan (ms since epoch); the Upgrade link waits for a refresh. */
  lastRefresh: number;
  locale: unknown;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The plan state of an API answer, with the spec's defaults for missing fields. */
export function toPlanState(raw: PlanResponse, nowMs: number): PlanState {
  const plan = typeof raw.plan === 'string' && raw.plan ? raw.plan : FREE_TIER;
  const canvasCredits = numberOr(raw.canvas_credits, 0);
  const canvasCreditsFree = numberOr(raw.canvas_credits_free, 0);
  const billingStatus = typeof raw.billing_status === 'string' ? raw.billing_status : null;
  return {
    plan,
    account_level: numberOr(raw.account_level, DEFAULT_ACCOUNT_LEVEL),
    viz_credits: numberOr(raw.viz_credits, 0),
    canvas_credits: canvasCredits,
    canvas_credits_free: canvasCreditsFree,
    billing_status: billingStatus,
    customer_history: raw.customer_history ?? null,
    payment_processor: typeof raw.payment_processor === 'string' ? raw.payment_processor : null,
    pastDue: raw.past_due === true || billingStatus === 'past_due',
    premium: typeof raw.is_premium === 'boolean' ? raw.is_premium : plan !== FREE_TIER,
    canvasQuota: numberOr(
      raw.total_canvas_credits,
      totalCanvasCredits(canvasCredits, canvasCreditsFree),
    ),
    lastRefresh: nowMs,
    locale: raw.locale ?? null,
  };
}

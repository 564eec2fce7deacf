// Shapes of the API's answers that the web app reads (spec 3).
import type { IngressAttribution } from '../../core/attribution';
import type { LoginRouteHint } from '../../core/redirects';

/** The signed-in user, as GET /api/auth/user answers it and as it is stored locally. */
export interface User {
  user_uuid: string;
  email: string;
  email_verified: boolean;
}

export interface CurrentUserResponse {
  user: User;
}

/** POST /api/auth/log-in: the user, and maybe a route to go to (unverified accounts). */
export interface LogInResponse extends LoginRouteHint {
  user: User;
}

export interface LogInRequest {
  email: string;
  password: string;
  /** The path the visitor was on before the current one. */
  prevPath?: string;
  currPath: string;
}

export interface SignUpRequest {
  email: string;
  password1: string;
  password2: string;
  ingressAttribution: IngressAttribution | null;
  currPath: string;
}

/** The visitor's locale (POST /api/account/curr). */
export interface Locale {
  is_eu: boolean;
  country_code: string | null;
  country_name: string | null;
  currency: string;
}

/** Which e-mails the user wants besides the account's own. */
export interface EmailPrefs {
  productNews: boolean;
  renderFinished: boolean;
}

/** GET /api/account/profile. */
export interface Profile extends User {
  username: string | null;
  full_name: string | null;
  email_prefs: EmailPrefs;
}

/** GET check-account-deletion-status: whether a deletion code is waiting, until when (ISO). */
export interface DeletionStatus {
  pending: boolean;
  expires_at: string | null;
}

/** The plan as GET /api/payment/plan answers it; fields may be missing and get defaults. */
export interface PlanResponse {
  plan?: string;
  account_level?: number;
  viz_credits?: number;
  canvas_credits?: number;
  canvas_credits_free?: number;
  /** The canvas quota: paid plus free canvas credits, -1 for unlimited. */
  total_canvas_credits?: number;
  billing_status?: string | null;
  past_due?: boolean;
  is_premium?: boolean;
  /** When the server last refreshed the plan (ISO 8601). */
  last_refresh?: string;
  customer_history?: unknown;
  payment_processor?: string | null;
  locale?: unknown;
  /** When the paid period ends (ISO 8601), and whether the plan ends with it (cancelled). */
  period_end?: string | null;
  cancel_at_period_end?: boolean;
  /** A plan the operator invited the user to, accepted by paying (activate-invite-plan). */
  invited_plan?: string | null;
}

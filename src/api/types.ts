// Shapes of the API's answers that the web app reads (spec 3).

/** The signed-in user, as GET /api/auth/user answers it and as it is stored locally. */
export interface User {
  user_uuid: string;
  email: string;
  email_verified: boolean;
}

export interface CurrentUserResponse {
  user: User;
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
}

import { api } from './client';
import type { PlanResponse } from './types';

export function fetchPlan(signal?: AbortSignal): Promise<PlanResponse> {
  return api.get<PlanResponse>('/api/payment/plan', { signal });
}

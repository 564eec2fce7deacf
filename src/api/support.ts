// The support calls (not in the spec; docs/api.md).
import { api } from './client';

export interface ContactRequest {
  name: string;
  email: string;
  topic: string;
  message: string;
  /** The honeypot: people leave it empty. */
  website: string;
}

/** Sends a message to the support address; works signed out. */
export function sendContactMessage(request: ContactRequest): Promise<{ received: true }> {
  return api.post<{ received: true }>('/api/support/contact', request);
}

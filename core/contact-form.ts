// The support contact form's rules, shared by the form (messages under the fields) and the
// server (which refuses the same things with the same words).

import { checkEmail, normalizeEmail } from './email-check';

/** What a message can be about; the value is sent, the label is shown and mailed. */
export const CONTACT_TOPICS = [
  { value: 'account', label: 'My account and signing in' },
  { value: 'renders', label: 'Renders and templates' },
  { value: 'canvas', label: 'Spotify Canvas' },
  { value: 'youtube', label: 'Publishing to YouTube' },
  { value: 'billing', label: 'Plans, credits and billing' },
  { value: 'privacy', label: 'Privacy and my data' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];

export const CONTACT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_MESSAGES = {
  nameMissing: 'Please tell us your name',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.nameMax} characters`,
  topicMissing: 'Choose what your message is about',
  messageTooShort: `Write at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.messageMax} characters`,
} as const;

export interface ContactFields {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export type ContactFieldErrors = Partial<Record<keyof ContactFields, string>>;

/** The label of a topic value, or undefined for a value that is not one of the topics. */
export function contactTopicLabel(topic: string): string | undefined {
  return CONTACT_TOPICS.find((entry) => entry.value === topic)?.label;
}

/** A name on one line: runs of whitespace (new lines included) become one space. */
export function cleanContactName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Checks a contact message; answers one message per field at fault (empty when all is well). */
export function checkContactForm(fields: ContactFields): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  const name = cleanContactName(fields.name);
  if (name.length === 0) errors.name = CONTACT_MESSAGES.nameMissing;
  else if (name.length > CONTACT_LIMITS.nameMax) errors.name = CONTACT_MESSAGES.nameTooLong;
  const emailProblem = checkEmail(normalizeEmail(fields.email));
  if (emailProblem) errors.email = emailProblem;
  if (contactTopicLabel(fields.topic) === undefined) errors.topic = CONTACT_MESSAGES.topicMissing;
  const message = fields.message.trim();
  if (message.length < CONTACT_LIMITS.messageMin) errors.message = CONTACT_MESSAGES.messageTooShort;
  else if (message.length > CONTACT_LIMITS.messageMax)
    errors.message = CONTACT_MESSAGES.messageTooLong;
  return errors;
}

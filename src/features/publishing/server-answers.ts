// What the publishing screens make of a refused call: the server's message for people (every
// publishing error carries one), and its problems by field for the upload form.
import type {
  UploadConfigField,
  UploadConfigProblems,
} from '../../../core/publishing/upload-config';
import { errorFieldsOf, failureOf, isApiError } from '../../api/api-error';
import { PUBLISHING_MESSAGES } from './publishing-messages';

/** The server's message, "could not reach" without an answer, else `fallback`. */
export function messageOf(error: unknown, fallback: string = PUBLISHING_MESSAGES.loadFailed) {
  if (failureOf(error).status === 0) return PUBLISHING_MESSAGES.unreachable;
  if (!isApiError(error)) return fallback;
  const { exc, message } = errorFieldsOf(error.body);
  return exc && message ? message : fallback;
}

export const excOf = (error: unknown): string | null => failureOf(error).exc;

/** The upload config's fields, in the order the form shows them. */
export const CONFIG_FIELDS: readonly UploadConfigField[] = [
  'title',
  'description',
  'tags',
  'privacy',
  'publish_at',
  'category_id',
  'made_for_kids',
  'thumbnail',
  'lyrics',
];

const asField = (key: string): UploadConfigField | null => {
  // The server may name a field inside the config ("upload_config.title") or the field itself.
  const field = key.replace(/^upload_config\./, '') as UploadConfigField;
  return CONFIG_FIELDS.includes(field) ? field : null;
};

/**
 * The problems by field of a refused upload: its `fields` ({field: message}, or a list of
 * messages), else an InvalidData message that names its field ("upload_config.title: …").
 */
export function fieldProblemsOf(error: unknown): UploadConfigProblems {
  if (!isApiError(error) || error.body === null || typeof error.body !== 'object') return {};
  const problems: UploadConfigProblems = {};
  const fields = (error.body as { fields?: unknown }).fields;
  if (fields !== null && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
      const field = asField(key);
      const message = Array.isArray(value) ? (value as unknown[])[0] : value;
      if (field && typeof message === 'string') problems[field] ??= message;
    }
    return problems;
  }
  const { message } = errorFieldsOf(error.body);
  const named = message?.match(/^upload_config\.(\w+): (.+)$/s);
  const field = named ? asField(named[1]!) : null;
  if (field) problems[field] = named![2]!;
  return problems;
}

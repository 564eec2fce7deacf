import type { JobDefinition } from './job-definition';
import { JOB_NAMES, type JobName } from '../repositories/queue/job-names';

export type JobRegistry = ReadonlyMap<JobName, JobDefinition>;

/** Pairs every job name with its one handler; throws when a name has none or several. */
export function buildJobRegistry(
  definitions: readonly JobDefinition[],
  names: readonly string[] = JOB_NAMES,
): JobRegistry {
  const registry = new Map<JobName, JobDefinition>();
  const problems: string[] = [];
  for (const definition of definitions) {
    if (!names.includes(definition.name))
      problems.push(`"${definition.name}" is not a known job name`);
    else if (registry.has(definition.name))
      problems.push(`"${definition.name}" has more than one handler`);
    else registry.set(definition.name, definition);
  }
  for (const name of names) {
    if (!registry.has(name as JobName)) problems.push(`"${name}" has no handler`);
  }
  if (problems.length > 0) throw new Error(`Job registry is invalid: ${problems.join('; ')}.`);
  return registry;
}

import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { allJobs } from '../../../server/jobs/all-jobs';
import { defineJob, type JobDefinition } from '../../../server/jobs/job-definition';
import { JOB_NAMES, type JobName } from '../../../server/repositories/queue/job-names';
import { buildJobRegistry } from '../../../server/jobs/job-registry';

const job = (name: string): JobDefinition =>
  defineJob({
    name: name as JobName,
    data: z.object({}),
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    expireInSeconds: 60,
    handle: async () => {},
  }) as JobDefinition;

describe('buildJobRegistry', () => {
  test("the product's own jobs cover every job name exactly once", () => {
    const registry = buildJobRegistry(allJobs);
    expect([...registry.keys()].sort()).toEqual([...JOB_NAMES].sort());
  });

  test('a job name without a handler stops start-up', () => {
    expect(() => buildJobRegistry([job('a')], ['a', 'b'])).toThrow('"b" has no handler');
  });

  test('two handlers for one name stop start-up', () => {
    expect(() => buildJobRegistry([job('a'), job('a')], ['a'])).toThrow(
      '"a" has more than one handler',
    );
  });

  test('a handler for an unknown name stops start-up', () => {
    expect(() => buildJobRegistry([job('a'), job('z')], ['a'])).toThrow(
      '"z" is not a known job name',
    );
  });
});

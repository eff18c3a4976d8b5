import { describe, expect, it } from 'vitest';
import { PERIODIC_JOBS } from '../services/monitoring/periodic-jobs';
import { ALL_QUEUES } from './queues';

describe('the queues made at start', () => {
  it('include every periodic job’s own queue, which its schedule and worker use', () => {
    for (const job of PERIODIC_JOBS) expect(ALL_QUEUES).toContain(job.name);
  });
});

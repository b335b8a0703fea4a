import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  QUEUES,
  attemptsOf,
  type DeliveryJobData,
} from '../../src/domain/webhooks/delivery/queue.js';
import { createTestContext, type TestContext } from '../support/context.js';

// First attempts are fetched before retries and re-queued attempts that fell due earlier: one
// plugin's backlog of retries (its endpoint was down, or hung) does not stand in front of every
// other plugin's new deliveries (security review 4, finding 5; make chaos, after the hanging cases).

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { jobs: { workers: false } });
});

afterAll(async () => {
  await t?.close();
});

const fetchOne = async () => {
  const [job] = await t.jobs!.boss.fetch<DeliveryJobData>(QUEUES.delivery);
  return job ? attemptsOf(job.data) : [];
};

describe('the order in which delivery jobs are taken', () => {
  it('when retries, re-queued attempts and cover jobs are due before a first attempt is queued, then the first attempt is taken first and the rest in the order they were queued', async () => {
    await t.queue.enqueueDeliveries(t.db, [{ logId: 1, attempt: 2 }]);
    await t.queue.enqueueDeliveries(t.db, [{ logId: 2, attempt: 1 }], 'line');
    await t.queue.enqueueDeliveries(t.db, [{ logId: 3, attempt: 1 }], 'cover');
    await t.queue.enqueueDeliveries(t.db, [{ logId: 4, attempt: 1 }]);

    expect(await fetchOne()).toEqual([{ logId: 4, attempt: 1 }]);
    expect(await fetchOne()).toEqual([{ logId: 1, attempt: 2 }]);
    expect(await fetchOne()).toEqual([{ logId: 2, attempt: 1 }]);
    expect(await fetchOne()).toEqual([{ logId: 3, attempt: 1 }]);
    expect(await fetchOne()).toEqual([]);
  });
});

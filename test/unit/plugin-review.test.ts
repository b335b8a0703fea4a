import { describe, expect, it } from '@jest/globals';
import type { ListingStatus } from '../../src/db/types.js';
import {
  allowedReviewActions,
  planReview,
  type ReviewAction,
} from '../../src/domain/plugins/plugin-review.js';

// The operator's review table, exhaustively: every status against every action.

const STATUSES: ListingStatus[] = [
  'draft',
  'under_review',
  'approved',
  'active',
  'suspended',
  'deprecated',
  'rejected',
  'deleted',
];
const ACTIONS: ReviewAction[] = ['approve', 'reject', 'activate', 'suspend', 'deprecate', 'delete'];

const EXPECTED: Record<ListingStatus, Partial<Record<ReviewAction, ListingStatus>>> = {
  draft: { delete: 'deleted' },
  under_review: { approve: 'approved', reject: 'rejected', delete: 'deleted' },
  approved: { activate: 'active', delete: 'deleted' },
  active: { suspend: 'suspended', deprecate: 'deprecated', delete: 'deleted' },
  suspended: { activate: 'active', delete: 'deleted' },
  deprecated: { delete: 'deleted' },
  rejected: { delete: 'deleted' },
  deleted: {},
};

describe('listing review transitions', () => {
  it.each(STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const)))(
    '%s with %s',
    (status, action) => {
      const expected = EXPECTED[status][action];
      if (expected) {
        expect(planReview(status, action)).toBe(expected);
      } else {
        let error: unknown;
        try {
          planReview(status, action);
        } catch (err) {
          error = err;
        }
        expect(error).toMatchObject({
          code: 'invalid_transition',
          extra: { allowed_actions: Object.keys(EXPECTED[status]) },
        });
      }
    },
  );

  it('lists the allowed actions of each status in table order', () => {
    for (const status of STATUSES)
      expect(allowedReviewActions(status)).toEqual(ACTIONS.filter((a) => EXPECTED[status][a]));
  });
});

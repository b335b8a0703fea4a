import { describe, expect, it } from '@jest/globals';
import {
  allowedNextStates,
  INTERNAL_STATUSES,
  internalStatusFor,
  isInternalStatus,
  planTransition,
  PLUGIN_STATUSES,
  pluginStatusOf,
  reportedStatusOf,
  type InternalStatus,
  type PluginStatus,
} from '../../src/domain/orders/order-status.js';
import { InvalidTransitionError } from '../../src/domain/shared/errors.js';

const INTERNAL_ONLY: InternalStatus[] = [
  'EDITABLE',
  'PENDING',
  'PROCESSING',
  'FAILED',
  'VOIDED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'ABANDONED',
  'PARTIALLY_PAID',
  'AWAITING_AUTHENTICATION',
];

// The spec's table "Order, plugin vocabulary", written out on purpose.
const TABLE: Record<PluginStatus, PluginStatus[]> = {
  open: ['in_progress', 'cancelled'],
  in_progress: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: ['paid'],
  paid: [],
  cancelled: [],
};
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

const INTERNAL_OF: Record<PluginStatus, InternalStatus> = {
  open: 'CREATED',
  in_progress: 'COOKING',
  ready: 'SERVED',
  completed: 'COMPLETED',
  paid: 'PAID',
  cancelled: 'CANCELLED',
};

describe('when internal statuses are read in the plugin vocabulary', () => {
  it('then each maps as the spec says, PREPARED and SERVED both reading as ready', () => {
    expect(INTERNAL_STATUSES.map((s) => [s, pluginStatusOf(s)])).toEqual([
      ['CREATED', 'open'],
      ['COOKING', 'in_progress'],
      ['PREPARED', 'ready'],
      ['SERVED', 'ready'],
      ['COMPLETED', 'completed'],
      ['PAID', 'paid'],
      ['CANCELLED', 'cancelled'],
      ...INTERNAL_ONLY.map((s) => [s, null]),
    ]);
  });

  it('then an internal-only status is reported by its lower-case name', () => {
    expect(reportedStatusOf('PARTIALLY_PAID')).toBe('partially_paid');
    expect(reportedStatusOf('AWAITING_AUTHENTICATION')).toBe('awaiting_authentication');
    expect(reportedStatusOf('PREPARED')).toBe('ready');
  });

  it('then only the 17 internal values are recognised', () => {
    expect(INTERNAL_STATUSES).toHaveLength(17);
    expect(isInternalStatus('SERVED')).toBe(true);
    expect(isInternalStatus('open')).toBe(false);
    expect(isInternalStatus('toString')).toBe(false);
  });
});

describe('when a plugin status is written', () => {
  it('then it stores the spec internal value, ready storing SERVED (no round trip)', () => {
    for (const target of PLUGIN_STATUSES)
      expect(internalStatusFor(target)).toBe(INTERNAL_OF[target]);
  });
});

describe('when a transition is planned', () => {
  const cases = PLUGIN_STATUSES.flatMap((from) => PLUGIN_STATUSES.map((to) => [from, to] as const));

  it.each(cases)('then %s -> %s follows the transition table', (from, to) => {
    const internal = INTERNAL_OF[from];
    expect(allowedNextStates(internal)).toEqual(TABLE[from]);
    if (TABLE[from].includes(to)) {
      expect(planTransition(internal, to)).toBe(INTERNAL_OF[to]);
    } else {
      const error = thrownBy(() => planTransition(internal, to));
      expect(error).toBeInstanceOf(InvalidTransitionError);
      expect((error as InvalidTransitionError).extra).toEqual({ allowed_next_states: TABLE[from] });
    }
  });

  it('then PREPARED moves like ready', () => {
    expect(allowedNextStates('PREPARED')).toEqual(['completed', 'cancelled']);
    expect(planTransition('PREPARED', 'completed')).toBe('COMPLETED');
  });

  it.each(INTERNAL_ONLY)(
    'then any move from internal-only %s is invalid with no allowed states',
    (status) => {
      for (const target of PLUGIN_STATUSES) {
        expect(() => planTransition(status, target)).toThrow(InvalidTransitionError);
      }
      expect(allowedNextStates(status)).toEqual([]);
    },
  );
});

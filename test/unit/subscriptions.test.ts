import { describe, expect, it } from '@jest/globals';
import { EVENT_NAMES, type EventName } from '../../src/generated/events.generated.js';
import {
  isAcceptedInboundEventType,
  isLifecycleEvent,
  isSubscribed,
  subscribedEvents,
  unknownSubscriptionEntries,
} from '../../src/domain/webhooks/delivery/subscriptions.js';

const LIFECYCLE: EventName[] = [
  'installation.created',
  'installation.removed',
  'trial.started',
  'trial.ending',
  'subscription.activated',
];

describe('subscription matching', () => {
  it('when no list is set, then every event is delivered, lifecycle included', () => {
    expect(subscribedEvents(null)).toEqual([...EVENT_NAMES]);
    expect(subscribedEvents(undefined)).toEqual([...EVENT_NAMES]);
  });

  it('when the list is empty, then nothing is delivered', () => {
    expect(subscribedEvents([])).toEqual([]);
  });

  it('when an exact name is listed, then only that event matches', () => {
    expect(subscribedEvents(['order.paid'])).toEqual(['order.paid']);
  });

  it('when a family wildcard is listed, then every event of that family matches and no other', () => {
    expect(subscribedEvents(['payment.*'])).toEqual([
      'payment.succeeded',
      'payment.failed',
      'payment.refunded',
    ]);
    expect(subscribedEvents(['inventory.*', 'menu.item_deleted'])).toEqual([
      'menu.item_deleted',
      'inventory.stock_updated',
      'inventory.low_stock',
      'inventory.low_stock_resolved',
    ]);
  });

  it('when a list is set, then installation, trial and subscription events need an explicit opt-in', () => {
    const list = ['order.*', 'payment.*', 'menu.*', 'inventory.*', 'sandbox.*'];
    for (const event of LIFECYCLE) expect(isSubscribed(list, event)).toBe(false);
    expect(isSubscribed(['*'], 'order.created')).toBe(true);
    for (const event of LIFECYCLE) expect(isSubscribed(['*'], event)).toBe(false);
  });

  it('when a lifecycle family is opted into by wildcard or by name, then exactly those events match', () => {
    expect(subscribedEvents(['installation.*'])).toEqual([
      'installation.created',
      'installation.removed',
    ]);
    expect(subscribedEvents(['trial.ending', 'subscription.*'])).toEqual([
      'trial.ending',
      'subscription.activated',
    ]);
    expect(subscribedEvents(['*', 'trial.*'])).toContain('trial.started');
  });

  it('when entries are near misses, then they match nothing', () => {
    expect(
      subscribedEvents([
        'order',
        'order.',
        'Order.*',
        'order.**',
        'orders.*',
        '.*',
        'order.created ',
      ]),
    ).toEqual([]);
  });

  it('then lifecycle events are exactly the installation, trial and subscription families', () => {
    expect(EVENT_NAMES.filter(isLifecycleEvent)).toEqual(LIFECYCLE);
  });

  it('when the portal validates a list, then unknown names and families are reported', () => {
    expect(
      unknownSubscriptionEntries([
        'order.*',
        'payment.succeeded',
        '*',
        'orders.*',
        'order.shipped',
        'trial.*',
      ]),
    ).toEqual(['orders.*', 'order.shipped']);
  });
});

describe('inbound event_type rule', () => {
  it.each([
    'order.paid',
    'payment.succeeded',
    'sandbox.expiry_warning',
    'external.delivery.dispatched',
    'external.x',
    'payment.custom',
    'order.delivered_by_courier',
    'installation.note',
    'trial.extended',
    'subscription.paused',
    'menu.synced',
    'inventory.audit',
    'sandbox.ping',
  ])('when event_type is %s, then it is accepted', (name) => {
    expect(isAcceptedInboundEventType(name)).toBe(true);
  });

  it.each([
    'delivery.dispatched',
    'payments.custom',
    'external',
    'external.',
    'payment.',
    'payment',
    '.custom',
    '',
    'Payment.custom',
    'payment.has space',
    'external.tab\there',
    'x'.repeat(101),
  ])('when event_type is %j, then it is refused', (name) => {
    expect(isAcceptedInboundEventType(name)).toBe(false);
  });
});

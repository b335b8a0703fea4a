// The events feed (installation_events): a page of an installation's events by sequence, read
// by its days (feed-days.ts), and the acknowledgement that settles what it covers.
export { acknowledgeEvents, listEvents } from './events-feed.js';

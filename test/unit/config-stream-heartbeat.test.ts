import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';

// SVC_STREAM_HEARTBEAT_SECONDS: how often an open webhook stream re-checks its credential and renews
// its listener (30 s lease). 10 s unless set; test/portal/webhook-stream shortens it.

const base = {
  SVC_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  SVC_JWT_SECRET: Buffer.alloc(32, 2).toString('base64'),
};
const heartbeat = (value: string | undefined) =>
  loadConfig({ ...base, SVC_STREAM_HEARTBEAT_SECONDS: value }).streamHeartbeatSeconds;

describe('SVC_STREAM_HEARTBEAT_SECONDS', () => {
  it('when unset, then a stream beats every 10 s; when set, then as often as asked', () => {
    expect(heartbeat(undefined)).toBe(10);
    expect(heartbeat('2')).toBe(2);
  });

  it('when 0, longer than the listener lease allows (20) or not a number, then the start is refused naming the variable', () => {
    for (const value of ['0', '21', 'soon'])
      expect(() => heartbeat(value)).toThrow(
        /SVC_STREAM_HEARTBEAT_SECONDS must be an integer from 1 to 20/,
      );
  });
});

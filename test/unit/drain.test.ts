import { describe, expect, it } from '@jest/globals';
import net, { type AddressInfo } from 'node:net';
import { createDrainableServer } from '../../src/http/drain.js';

// The HTTP server's graceful shutdown (src/http/drain.ts), on a raw keep-alive connection whose
// bytes the test controls.

const request = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;

/** Reads the socket until `count` complete responses (each with a body of `ok`) or its end. */
function responses(socket: net.Socket, count: number): Promise<string[]> {
  let text = '';
  return new Promise((resolve) => {
    const done = () =>
      resolve(
        text
          .split('HTTP/1.1 ')
          .filter(Boolean)
          .map((r) => `HTTP/1.1 ${r}`),
      );
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.split('\r\n\r\nok').length - 1 >= count) done();
    });
    socket.on('close', done);
    socket.on('error', () => {});
  });
}

describe('graceful shutdown of the HTTP server', () => {
  it('when a request is written on an idle keep-alive connection just before the drain, then it is answered (with Connection: close), not reset', async () => {
    const { server, drain } = createDrainableServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const both = responses(socket, 2);
    socket.write(request('/first'));
    await new Promise((resolve) => setTimeout(resolve, 100)); // answered: the connection is idle again
    // Written, not yet read by the server (it reads when this tick ends), as a client's request
    // that crosses the signal on the wire.
    socket.write(request('/second'));
    const drained = drain(5000);

    const answers = await both;
    expect(answers).toHaveLength(2);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/\r\nConnection: close\r\n/i);
    expect(await drained).toBe(true);
    socket.destroy();
  });

  it('when a connection is still in the accept queue at the drain, then its request is answered, not reset', async () => {
    const { server, drain } = createDrainableServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    const answer = responses(socket, 1);
    socket.write(request('/queued'));
    await new Promise((resolve) => process.nextTick(resolve)); // net.connect() connects on the next tick
    // The kernel completes the handshake and queues the connection while this thread is busy; the
    // server has not accepted it yet when the drain starts, as a client that connected just
    // before the signal.
    const until = performance.now() + 100;
    while (performance.now() < until);
    const drained = drain(5000);

    const answers = await answer;
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(await drained).toBe(true);
    socket.destroy();
  });

  it('when no connection is open, then the drain ends at once', async () => {
    const { server, drain } = createDrainableServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const started = performance.now();
    expect(await drain(5000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

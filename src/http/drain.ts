import http from 'node:http';
import net from 'node:net';

// Graceful shutdown of an HTTP server: on drain() it stops accepting connections, lets the
// requests in flight finish (up to a grace period), answers every response from then on with
// `Connection: close` so keep-alive clients open their next request elsewhere, and closes idle
// connections. A request already sent is answered, never cut.
//
// Idle keep-alive connections are not closed at the signal: a request a client wrote on one just
// before it may not have been read yet, and closing the connection then resets it (the client sees
// an error for a request it had sent). They stay open for LINGER_MS, every request read on them is
// answered with `Connection: close`, and only then are the idle ones closed.

/** How long idle keep-alive connections stay open after the signal, for requests already on their way. */
const LINGER_MS = 1000;

export interface DrainableServer {
  server: http.Server;
  /** Resolves once no request is in flight (true) or the grace period is over (false). */
  drain(graceMs: number): Promise<boolean>;
}

export function createDrainableServer(listener: http.RequestListener): DrainableServer {
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let idle: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    inFlight.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) idle?.();
    });
    listener(req, res);
  });
  const quiet = (ms: number) =>
    inFlight.size === 0 ||
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      idle = () => {
        clearTimeout(timer);
        idle = undefined;
        resolve(true);
      };
    });
  return {
    server,
    drain: async (graceMs) => {
      const deadline = Date.now() + graceMs;
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      // Connections the kernel has completed but this process has not accepted yet (a client that
      // connected just before the signal, and may have sent its request) would be reset when the
      // listener closes. One turn of the event loop, whose poll phase accepts them, comes first:
      // the first setImmediate runs in this turn's check phase, the second after the next poll.
      for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      // Stops the listener only: http.Server's close() would also close the idle keep-alive
      // connections at once (see above).
      net.Server.prototype.close.call(server);
      const open = await new Promise<number>((resolve) =>
        server.getConnections((err, count) => resolve(err ? 1 : count)),
      );
      if (open > 0)
        await new Promise((resolve) => setTimeout(resolve, Math.min(LINGER_MS, graceMs)));
      server.closeIdleConnections();
      const finished = await quiet(Math.max(0, deadline - Date.now()));
      server.closeAllConnections();
      return finished;
    },
  };
}

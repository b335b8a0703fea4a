import http from 'node:http';

// Graceful shutdown of an HTTP server: on drain() it stops accepting connections, lets the
// requests in flight finish (up to a grace period), answers every response from then on with
// `Connection: close` so keep-alive clients open their next request elsewhere, and closes idle
// connections. A request already sent is answered, never cut.

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
      if (draining) server.closeIdleConnections();
      if (inFlight.size === 0) idle?.();
    });
    listener(req, res);
  });
  return {
    server,
    drain: async (graceMs) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      // close() stops the listener and closes idle keep-alive connections; busy ones close after
      // their response (Connection: close above).
      server.close();
      const finished = inFlight.size === 0 || (await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), graceMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      }));
      server.closeAllConnections();
      return finished;
    },
  };
}

// The webhook bench's receiver, in a process of its own as a plugin's server would be: HTTPS on a
// free port (RECEIVER_KEY, RECEIVER_CERT: PEM), 204 to every POST at once. It reports each
// receipt to its parent over IPC, a few milliseconds' worth at a time: the envelope's id,
// installation_id and sequence, and when the request ended (performance.timeOrigin + now(), a
// clock the parent shares), so that measuring costs the receiver nothing per request.
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type Receipt = [id: string, atEpochMs: number, installationId: number, sequence: number];
export type ReceiverMessage = { port: number } | { receipts: Receipt[] };

const send = (message: ReceiverMessage) => process.send!(message);
let receipts: Receipt[] = [];
let flushing: NodeJS.Timeout | null = null;
const flush = () => {
  flushing = null;
  send({ receipts });
  receipts = [];
};

const server = https.createServer(
  { key: process.env.RECEIVER_KEY, cert: process.env.RECEIVER_CERT },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      res.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        id: string;
        installation_id: number;
        sequence?: number;
      };
      receipts.push([body.id, at, body.installation_id, body.sequence ?? 0]);
      flushing ??= setTimeout(flush, 5);
    });
  },
);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => send({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));

import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

// Credentials never reach a log line: the headers that carry them and any field named after one.
export const REDACT_PATHS = [
  'req.headers["x-plugin-api-key"]',
  'req.headers.authorization',
  'req.headers["x-svc-signature"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.apiKey',
  '*.installationKey',
  '*.webhook_secret',
  '*.webhookSecret',
  '*.secret',
  '*.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.setup_token',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

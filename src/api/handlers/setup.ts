import { consumeRateLimit } from '../../domain/installations/index.js';
import { exchangeSetupToken as exchange } from '../../domain/installations/index.js';
import type { Handler } from '../types.js';
import { rateLimitHeaders } from '../../http/rate-limit-headers.js';

/** The one Data API route without an installation key: limited to 20 requests a minute per IP. */
export const SETUP_EXCHANGE_PER_MINUTE = 20;

export const exchangeSetupToken: Handler<'exchangeSetupToken'> = async (req, { db }) => {
  const limit = await consumeRateLimit(db, `setup-exchange:${req.ip}`, SETUP_EXCHANGE_PER_MINUTE);
  const data = await exchange(db, req.body.setup_token);
  return {
    status: 200,
    body: { data },
    headers: rateLimitHeaders(limit),
  };
};

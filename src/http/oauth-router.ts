import express, { type Router } from 'express';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { sendError, toErrorResponse } from './error-response.js';
import { escapeHtml, page } from '../docs/layout.js';
import {
  beginAuthorization,
  completeAuthorization,
  OAuthError,
} from '../domain/installations/index.js';

/** Browser-facing OAuth routes: the redirect URI to register with providers is /api/v1/oauth/callback. */
export function createOAuthRouter(config: Config, db: Db, logger: Logger): Router {
  const router = express.Router();
  router.get('/api/v1/oauth/authorize/:installationId', async (req, res) => {
    try {
      const id = Number(req.params.installationId);
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      res.redirect(
        302,
        await beginAuthorization(db, config, Number.isInteger(id) ? id : -1, token),
      );
    } catch (err) {
      fail(res, err, logger, config.baseUrl);
    }
  });
  router.get('/api/v1/oauth/callback', async (req, res) => {
    try {
      const params = new URLSearchParams(req.url.split('?')[1] ?? '');
      const { installationId } = await completeAuthorization(db, config, params);
      res
        .type('html')
        .send(
          page(
            'Connected',
            `<main><h1>Connected</h1><p>Installation ${escapeHtml(String(installationId))} is now connected to its provider. You can close this window.</p></main>`,
          ),
        );
    } catch (err) {
      fail(res, err, logger, config.baseUrl);
    }
  });
  return router;
}

function fail(res: express.Response, err: unknown, logger: Logger, baseUrl: string): void {
  const response = toErrorResponse(err);
  if (response.status >= 500) {
    // The provider's own words (and transport errors) go to the log, never to the caller.
    const detail = err instanceof OAuthError ? err.detail : undefined;
    logger.error(
      { code: (err as { code?: string }).code, message: (err as Error).message, detail },
      'oauth route failed',
    );
  }
  sendError(res, response, baseUrl);
}

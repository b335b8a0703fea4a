import express, { type Request, type Response, type Router } from 'express';
import { httpError, sendError } from '../http/error-response.js';
import { loadDashboardAssets, type Asset, type DashboardAssets } from './assets.js';

export const DASHBOARD_PATH = '/dashboard';

// Nothing but this origin: no CDN, no inline script; the page talks to /graphql only.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The developer dashboard: every path under /dashboard answers the same page (the client routes
 * deep links such as /dashboard/plugins/12), and /dashboard/assets/ its hashed script and stylesheet.
 */
export function createDashboardRouter(baseUrl: string): Router {
  let loading: Promise<DashboardAssets> | undefined;
  const assets = () => {
    loading ??= loadDashboardAssets().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const router = express.Router();
  router.get(`${DASHBOARD_PATH}/assets/:name`, async (req, res, next) => {
    try {
      const { js, css } = await assets();
      const found = [js, css].find((a) => a.name === req.params.name);
      // An old build's asset (the page that named it is stale): not the page itself.
      if (!found)
        return sendError(
          res,
          httpError(404, 'route_not_found', 'No such dashboard asset. Reload the dashboard.'),
          baseUrl,
        );
      sendAsset(req, res, found);
    } catch (err) {
      next(err);
    }
  });
  router.get([DASHBOARD_PATH, `${DASHBOARD_PATH}/*rest`], async (_req, res, next) => {
    try {
      const { js, css } = await assets();
      res.setHeader('Content-Security-Policy', CSP);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'same-origin');
      res.type('html').send(shell(js, css));
    } catch (err) {
      next(err);
    }
  });
  return router;
}

function sendAsset(req: Request, res: Response, asset: Asset): void {
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.setHeader('Content-Encoding', 'gzip');
    res.end(asset.gzip);
  } else {
    res.end(asset.body);
  }
}

const shell = (js: Asset, css: Asset) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Developer dashboard</title>
<link rel="stylesheet" href="${DASHBOARD_PATH}/assets/${css.name}">
<script type="module" src="${DASHBOARD_PATH}/assets/${js.name}"></script>
</head>
<body>
<div id="app"><p class="loading" role="status">Loading the dashboard…</p></div>
<noscript>The developer dashboard needs JavaScript. The same operations are available from scripts through the portal's GraphQL at /graphql.</noscript>
</body>
</html>
`;

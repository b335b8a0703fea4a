import type { RequestHandler } from 'express';

/**
 * A router loaded on the first request for one of its paths. The portal's GraphQL stack and the
 * docs renderers are about 20 MB of a process's memory (module text, bytecode, the built schema);
 * a process that only serves the Data API never loads them. `serves` may match more than the
 * router does (it only decides when to load); the loaded router decides what it answers.
 */
export function lazyRouter(
  serves: (path: string) => boolean,
  load: () => Promise<RequestHandler>,
): RequestHandler {
  let loading: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    if (!serves(req.path.toLowerCase())) {
      next();
      return;
    }
    loading ??= load();
    loading.then(
      (router) => router(req, res, next),
      (err: unknown) => {
        // The next request tries again; this one gets the error mapper's 500.
        loading = undefined;
        next(err);
      },
    );
  };
}

import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ListingStatus } from '../../db/types.js';
import { ListingReviewError, NotFoundError } from '../shared/index.js';
import { toPluginView, type PluginView } from './plugins.js';
import { PLUGIN_COLUMNS } from '../../db/columns.js';

// The platform operator's review of plugin listings. A developer sends a draft or rejected listing
// to review (submitPluginForReview); from there only the operator moves it, along this table.
// Production installations of a listing that is not `active` get 403 plugin_listing_unavailable on
// every Data API call (src/domain/installations/access.ts), so suspend, deprecate and delete take effect on the
// very next request; sandboxes are exempt.

export type ReviewAction = 'approve' | 'reject' | 'activate' | 'suspend' | 'deprecate' | 'delete';

/** Each action, the statuses it may start from, and where it leads. */
export const REVIEW_TRANSITIONS: Readonly<
  Record<ReviewAction, { from: readonly ListingStatus[] | 'any'; to: ListingStatus }>
> = {
  approve: { from: ['under_review'], to: 'approved' },
  reject: { from: ['under_review'], to: 'rejected' },
  activate: { from: ['approved', 'suspended'], to: 'active' },
  suspend: { from: ['active'], to: 'suspended' },
  deprecate: { from: ['active'], to: 'deprecated' },
  // Any listing can be taken down for good; a deleted one no longer exists for anyone.
  delete: { from: 'any', to: 'deleted' },
};

const ACTIONS = Object.keys(REVIEW_TRANSITIONS) as ReviewAction[];

/** The actions allowed from a status. */
export function allowedReviewActions(status: ListingStatus): ReviewAction[] {
  if (status === 'deleted') return [];
  return ACTIONS.filter((action) => {
    const { from } = REVIEW_TRANSITIONS[action];
    return from === 'any' || from.includes(status);
  });
}

/** The status `action` leads to from `status`, or 422 invalid_transition with the allowed actions. */
export function planReview(status: ListingStatus, action: ReviewAction): ListingStatus {
  const allowed = allowedReviewActions(status);
  if (!allowed.includes(action)) throw new ListingReviewError(status, action, allowed);
  return REVIEW_TRANSITIONS[action].to;
}

/** Moves any (not deleted) listing, under its row lock so that two reviews serialise. */
export async function reviewPlugin(
  db: Db,
  config: Config,
  pluginId: number,
  action: ReviewAction,
): Promise<PluginView> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('control.plugins')
      .select('listing_status')
      .where('plugin_id', '=', pluginId)
      .where('listing_status', '<>', 'deleted')
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new NotFoundError('plugin');
    const next = planReview(current.listing_status, action);
    return trx
      .updateTable('control.plugins')
      .set({ listing_status: next, updated_at: sql`now()` })
      .where('plugin_id', '=', pluginId)
      .returning(PLUGIN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toPluginView(row, config);
}

/** Listings for the operator's review queue, oldest change first; every status but deleted when none is given. */
export async function listListings(
  db: Db,
  config: Config,
  status: ListingStatus | null | undefined,
): Promise<PluginView[]> {
  let query = db
    .selectFrom('control.plugins')
    .select(PLUGIN_COLUMNS)
    .where('listing_status', '<>', 'deleted')
    .orderBy('updated_at')
    .orderBy('plugin_id')
    .limit(500);
  if (status) query = query.where('listing_status', '=', status);
  return (await query.execute()).map((row) => toPluginView(row, config));
}

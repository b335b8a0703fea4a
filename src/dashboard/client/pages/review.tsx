import {
  ListingsDocument,
  ReviewPluginDocument,
  type ListingStatus,
  type ReviewAction,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { navigate, usePath } from '../router';
import { Empty, ErrorMessage, Loading, TableRegion, Time, useAction, useQuery } from '../ui';

// "Listing review" (operators): the queue, a row per plugin with the actions its status allows
// (the review transitions of Mutation.reviewPlugin in the SDL).

const ACTIONS: Partial<Record<ListingStatus, { action: ReviewAction; label: string }[]>> = {
  under_review: [
    { action: 'approve', label: 'Approve' },
    { action: 'reject', label: 'Reject' },
  ],
  approved: [{ action: 'activate', label: 'Activate' }],
  active: [{ action: 'suspend', label: 'Suspend' }],
  suspended: [{ action: 'activate', label: 'Activate' }],
};
const STATUSES: ListingStatus[] = [
  'under_review',
  'approved',
  'active',
  'suspended',
  'rejected',
  'draft',
  'deprecated',
];

export function ReviewPage() {
  const path = usePath();
  const status = (new URLSearchParams(path.split('?')[1] ?? '').get('status') ?? 'under_review') as
    ListingStatus | 'all';
  const list = useQuery(
    () => gql(ListingsDocument, { status: status === 'all' ? null : status }),
    [status],
  );
  const review = useAction(async (pluginId: string, action: ReviewAction) => {
    await gql(ReviewPluginDocument, { pluginId, action });
    list.reload();
  });
  return (
    <section>
      <h1>Listing review</h1>
      <label>
        Status
        <select
          value={status}
          onChange={(e) => navigate(`/dashboard/review?status=${e.currentTarget.value}`)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
          <option value="all">every status</option>
        </select>
      </label>
      {list.loading && !list.data ? <Loading what="listings" /> : null}
      <ErrorMessage error={list.error ?? review.error} />
      {list.data?.listings.length === 0 ? <Empty>Nothing waits here.</Empty> : null}
      {list.data && list.data.listings.length > 0 ? (
        <TableRegion label="Listings">
          <table aria-label="Listings">
            <thead>
              <tr>
                <th scope="col">Plugin</th>
                <th scope="col">Status</th>
                <th scope="col">Pricing</th>
                <th scope="col">Webhook endpoint</th>
                <th scope="col">Changed</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.listings.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  <td>
                    <span class="badge">{p.listingStatus}</span>
                  </td>
                  <td>
                    {p.pricing.model}
                    {p.pricing.price ? ` ${p.pricing.price}` : ''}
                  </td>
                  <td>{p.webhookEndpoint ?? '—'}</td>
                  <td>
                    <Time value={p.updatedAt} />
                  </td>
                  <td>
                    <div class="actions">
                      {(ACTIONS[p.listingStatus] ?? []).map((a) => (
                        <button
                          type="button"
                          key={a.action}
                          disabled={review.busy}
                          onClick={() => void review.act(p.id, a.action)}
                        >
                          {a.label}
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}

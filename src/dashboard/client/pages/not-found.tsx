import { Link } from '../router';

/** The one answer for an id that does not exist and for another developer's: nothing of the record. */
export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <section>
      <h1>Not found</h1>
      <p>This {what} does not exist, or you do not have access to it.</p>
      <p>
        <Link href="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  );
}

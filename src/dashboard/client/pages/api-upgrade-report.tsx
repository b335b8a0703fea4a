import type {
  ApiUpgradeChangeFieldsFragment,
  PluginApiVersionQuery,
} from '../../../generated/dashboard.generated';
import { Empty, TableRegion, Time } from '../ui';

// The upgrade report of a plugin (Plugin.apiUpgradeReport): what of its last 14 days' traffic each
// change between its pin and the target version meets; the changes it did not use, folded away.

type Report = NonNullable<PluginApiVersionQuery['plugin']>['apiUpgradeReport'];

export function UpgradeReport({ report }: { report: Report }) {
  if (report.to <= report.from)
    return <Empty>Choose a version newer than {report.from} to see what upgrading changes.</Empty>;
  const unused = report.unusedChanges.length;
  return (
    <div>
      <p>
        From {report.from} to {report.to}, against what your installations (production and
        sandboxes) used since <Time value={report.since} />.
      </p>
      {report.changes.length === 0 ? (
        <Empty>Nothing your plugin used in the last 14 days changes.</Empty>
      ) : (
        report.changes.map((change) => (
          <Change key={`${change.version}/${change.id}`} change={change} />
        ))
      )}
      {unused ? (
        <details class="card">
          <summary>
            {unused} {unused === 1 ? 'change' : 'changes'} your plugin did not use
          </summary>
          <ul>
            {report.unusedChanges.map((c) => (
              <li key={`${c.version}/${c.id}`}>
                <strong>
                  {c.version} {c.id}
                </strong>
                : <Prose text={c.description} />{' '}
                <span class="muted">
                  <Prose text={c.upgrade} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Change({ change }: { change: ApiUpgradeChangeFieldsFragment }) {
  const title = `${change.version} ${change.id}`;
  return (
    <article class="card" aria-label={title}>
      <h3>{title}</h3>
      <p>
        <Prose text={change.description} />
      </p>
      <p>
        <strong>Upgrade:</strong> <Prose text={change.upgrade} />
      </p>
      <TableRegion label={`Uses of ${change.id}`}>
        <table aria-label={`Uses of ${change.id}`}>
          <thead>
            <tr>
              <th scope="col">Operation or event</th>
              <th scope="col">Uses (14 days)</th>
              <th scope="col">Last used</th>
              <th scope="col">Fields</th>
            </tr>
          </thead>
          <tbody>
            {change.uses.map((use) => (
              <tr key={`${use.kind}/${use.name}`}>
                <th scope="row">
                  <code>{use.name}</code>{' '}
                  <span class="badge">{use.kind === 'EVENT' ? 'event' : 'operation'}</span>
                </th>
                <td>{use.count}</td>
                <td>
                  <Time value={use.lastUsedAt} />
                </td>
                <td>
                  {use.fields.length ? (
                    <ul class="plain">
                      {use.fields.map((f) => (
                        <li key={f}>
                          <code>{f}</code>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span class="muted">
                      the whole {use.kind === 'EVENT' ? 'event' : 'operation'}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </article>
  );
}

/** A record's text: its `code spans` as code, the rest as text (never as HTML). */
function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, n) => (n % 2 ? <code key={n}>{part}</code> : part))}</>;
}

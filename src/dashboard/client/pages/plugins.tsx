import { useState } from 'preact/hooks';
import {
  CreatePluginDocument,
  CreateProjectDocument,
  ProjectsDocument,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link } from '../router';
import {
  Empty,
  ErrorMessage,
  Loading,
  OnceWarning,
  ShownOnce,
  TableRegion,
  Time,
  useAction,
  useQuery,
} from '../ui';

// Projects and their plugins, and "New plugin" (a project is made on the way when there is none).

export function PluginsPage() {
  const projects = useQuery(() => gql(ProjectsDocument), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{
    id: string;
    name: string;
    secret: string;
    standard: string;
  } | null>(null);
  return (
    <section>
      <h1>Plugins</h1>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={() => {
            setCreating(true);
            setCreated(null);
          }}
          aria-expanded={creating}
        >
          New plugin
        </button>
      </div>
      {creating && projects.data ? (
        <NewPlugin
          projects={projects.data.myDeveloperProjects}
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
            projects.reload();
          }}
        />
      ) : null}
      {created ? (
        <div class="card" role="status">
          <h2>{created.name} is created</h2>
          <p>Its webhook signing secret, in both forms:</p>
          <ShownOnce label="Webhook secret" value={created.secret} />
          <ShownOnce label="Webhook secret (Standard Webhooks)" value={created.standard} />
          <OnceWarning />
          <p>
            <Link href={`/dashboard/plugins/${created.id}`}>Open {created.name}</Link>
          </p>
        </div>
      ) : null}
      {projects.loading && !projects.data ? <Loading what="your plugins" /> : null}
      <ErrorMessage error={projects.error} />
      {projects.data?.myDeveloperProjects.length === 0 ? (
        <Empty>No plugins yet. Create your first with “New plugin”.</Empty>
      ) : null}
      {projects.data?.myDeveloperProjects.map((project) => (
        <div class="card" key={project.id}>
          <h2>{project.name}</h2>
          {project.plugins.length === 0 ? (
            <Empty>No plugin in this project.</Empty>
          ) : (
            <TableRegion label="Plugins">
              <table aria-label="Plugins">
                <thead>
                  <tr>
                    <th scope="col">Plugin</th>
                    <th scope="col">Status</th>
                    <th scope="col">Webhook endpoint</th>
                    <th scope="col">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {project.plugins.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <Link href={`/dashboard/plugins/${p.id}`}>{p.name}</Link>
                      </td>
                      <td>
                        <span class="badge">{p.listingStatus}</span>
                      </td>
                      <td>{p.webhookEndpoint ?? <span class="muted">none</span>}</td>
                      <td>
                        <Time value={p.updatedAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </div>
      ))}
    </section>
  );
}

function NewPlugin(props: {
  projects: { id: string; name: string }[];
  onCancel: () => void;
  onCreated: (c: { id: string; name: string; secret: string; standard: string }) => void;
}) {
  const create = useAction(async (form: FormData) => {
    let projectId = String(form.get('projectId') ?? '');
    if (projectId === '' || projectId === 'new') {
      projectId = (
        await gql(CreateProjectDocument, { name: String(form.get('projectName') || 'My project') })
      ).createProject!.id;
    }
    const result = (
      await gql(CreatePluginDocument, {
        projectId,
        input: { name: String(form.get('name') ?? '') },
      })
    ).createPlugin!;
    props.onCreated({
      id: result.plugin.id,
      name: result.plugin.name,
      secret: result.webhookSecret,
      standard: result.webhookSecretStandard,
    });
  });
  const [project, setProject] = useState(props.projects[0]?.id ?? 'new');
  return (
    <form
      class="card"
      aria-label="New plugin"
      onSubmit={(e) => {
        e.preventDefault();
        void create.act(new FormData(e.currentTarget));
      }}
    >
      <h2>New plugin</h2>
      <label>
        Project
        <select
          name="projectId"
          value={project}
          onChange={(e) => setProject(e.currentTarget.value)}
        >
          {props.projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value="new">A new project</option>
        </select>
      </label>
      {project === 'new' ? (
        <label>
          Project name
          <input name="projectName" required />
        </label>
      ) : null}
      <label>
        Plugin name
        <input name="name" required maxLength={100} />
      </label>
      <ErrorMessage error={create.error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={create.busy}>
          Create plugin
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

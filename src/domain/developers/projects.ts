import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ValidationError } from '../shared/index.js';
import { toPluginView, type PluginView } from '../plugins/index.js';
import { PLUGIN_COLUMNS } from '../../db/columns.js';

// Projects group a developer's plugins. A developer reaches only their own.

export interface ProjectView {
  id: number;
  name: string;
  createdAt: Date;
  plugins: PluginView[];
}

function checkName(name: string): string {
  const value = name.trim();
  if (value.length === 0 || value.length > 100)
    throw new ValidationError({ name: ['must be 1 to 100 characters'] });
  return value;
}

/** The developer's projects with their plugins (deleted listings left out), by id. */
export async function listProjects(
  db: Db,
  config: Config,
  developerId: number,
): Promise<ProjectView[]> {
  const projects = await db
    .selectFrom('control.projects')
    .select(['project_id', 'name', 'created_at'])
    .where('developer_id', '=', developerId)
    .orderBy('project_id')
    .execute();
  if (projects.length === 0) return [];
  const plugins = await db
    .selectFrom('control.plugins')
    .select(PLUGIN_COLUMNS)
    .where(
      'project_id',
      'in',
      projects.map((p) => p.project_id),
    )
    .where('listing_status', '<>', 'deleted')
    .orderBy('plugin_id')
    .execute();
  return projects.map((p) => ({
    id: p.project_id,
    name: p.name,
    createdAt: p.created_at,
    plugins: plugins
      .filter((plugin) => plugin.project_id === p.project_id)
      .map((plugin) => toPluginView(plugin, config)),
  }));
}

export async function createProject(
  db: Db,
  developerId: number,
  name: string,
): Promise<ProjectView> {
  const row = await db
    .insertInto('control.projects')
    .values({ developer_id: developerId, name: checkName(name) })
    .returning(['project_id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.project_id, name: row.name, createdAt: row.created_at, plugins: [] };
}

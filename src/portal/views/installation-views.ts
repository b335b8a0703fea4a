// Row -> portal shapes of installations (schema.graphql Installation, InstallPluginPayload). Plugins
// read their own installation through the Data API in its own shape (GET /installation).
import type { InstallationStatus } from '../../db/types.js';
import type { InstallationRow, InstallPayload } from '../../domain/installations/index.js';

export interface PortalInstallationView {
  id: number;
  pluginId: number;
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number;
  locationId: number;
  status: InstallationStatus;
  isTrial: boolean;
  trialEndsAt: Date | null;
  createdAt: Date;
  removedAt: Date | null;
}

export type InstallPayloadView = Omit<InstallPayload, 'installation'> & {
  installation: PortalInstallationView;
};

export const toInstallationView = (row: InstallationRow): PortalInstallationView => ({
  id: row.installation_id,
  pluginId: row.plugin_id,
  plane: row.plane,
  sandboxId: row.sandbox_id,
  organizationId: row.organization_id,
  locationId: row.location_id,
  status: row.status,
  isTrial: row.is_trial,
  trialEndsAt: row.trial_ends_at,
  createdAt: row.created_at,
  removedAt: row.removed_at,
});

export const toInstallPayloadView = (payload: InstallPayload): InstallPayloadView => ({
  ...payload,
  installation: toInstallationView(payload.installation),
});

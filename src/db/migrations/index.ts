import type { Migration } from 'kysely/migration';
import * as control_2026_11_22_000100 from './control/2026_11_22_000100_create_control_plane.js';
import * as control_2026_11_22_000200 from './control/2026_11_22_000200_create_webhook_deliveries.js';
import * as control_2026_11_22_000600 from './control/2026_11_22_000600_create_setup_tokens_and_oauth_states.js';
import * as data_2026_11_22_000100 from './data/2026_11_22_000100_create_data_plane.js';
import * as data_2026_11_22_000300 from './data/2026_11_22_000300_add_capture_snapshot.js';

// Registered explicitly (not read from disk) so that the same list works under tsx, jest and a
// compiled build. Append new migrations; never edit an applied one.
export const controlMigrations: Record<string, Migration> = {
  '2026_11_22_000100_create_control_plane': control_2026_11_22_000100,
  '2026_11_22_000200_create_webhook_deliveries': control_2026_11_22_000200,
  '2026_11_22_000600_create_setup_tokens_and_oauth_states': control_2026_11_22_000600,
};

export const dataPlaneMigrations: Record<string, Migration> = {
  '2026_11_22_000100_create_data_plane': data_2026_11_22_000100,
  '2026_11_22_000300_add_capture_snapshot': data_2026_11_22_000300,
};

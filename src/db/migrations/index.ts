import type { Migration } from 'kysely/migration';
import * as control_2026_11_22_000100 from './control/2026_11_22_000100_create_control_plane.js';
import * as control_2026_11_22_000200 from './control/2026_11_22_000200_create_webhook_deliveries.js';
import * as control_2026_11_22_000600 from './control/2026_11_22_000600_create_setup_tokens_and_oauth_states.js';
import * as control_2026_11_24_000100 from './control/2026_11_24_000100_event_sequences.js';
import * as control_2026_11_24_000200 from './control/2026_11_24_000200_unlogged_rate_limits.js';
import * as control_2026_11_24_000600 from './control/2026_11_24_000600_webhook_listeners.js';
import * as control_2026_11_24_001000 from './control/2026_11_24_001000_api_request_log.js';
import * as control_2026_11_24_001100 from './control/2026_11_24_001100_sandbox_power_tools.js';
import * as control_2026_11_26_000100 from './control/2026_11_26_000100_add_webhook_listener_read_only.js';
import * as control_2026_11_24_000500 from './control/2026_11_24_000500_webhook_secret_rotation.js';
import * as control_2026_11_26_000300 from './control/2026_11_26_000300_add_delivery_attempt_headers.js';
import * as control_2026_11_26_000400 from './control/2026_11_26_000400_add_api_requests_request_id_index.js';
import * as control_2026_11_26_231000 from './control/2026_11_26_231000_add_sandbox_webhook_secret.js';
import * as control_2026_11_27_000100 from './control/2026_11_27_000100_partition_event_history.js';
import * as control_2026_11_27_000200 from './control/2026_11_27_000200_partition_webhook_logs.js';
import * as control_2026_11_27_000300 from './control/2026_11_27_000300_add_scenario_runs_steps_total.js';
import * as control_2026_11_27_020000 from './control/2026_11_27_020000_trim_webhook_log_indexes.js';
import * as control_2026_11_27_030000 from './control/2026_11_27_030000_webhook_log_fillfactor.js';
import * as control_2026_11_27_040000 from './control/2026_11_27_040000_fanout_outbox.js';
import * as control_2026_11_27_050000 from './control/2026_11_27_050000_api_requests_by_time.js';
import * as control_2026_11_27_060000 from './control/2026_11_27_060000_webhook_logs_by_time.js';
import * as control_2026_11_27_070000 from './control/2026_11_27_070000_resent_at.js';
import * as control_2026_11_28_000100 from './control/2026_11_28_000100_feed_days.js';
import * as control_2026_11_28_000200 from './control/2026_11_28_000200_plugins_with_webhook_endpoint.js';
import * as control_2026_11_29_000100 from './control/2026_11_29_000100_end_sessions_and_count_log_in_failures.js';
import * as control_2026_11_29_000200 from './control/2026_11_29_000200_move_webhook_fanout_jobs.js';
import * as control_2026_11_29_000300 from './control/2026_11_29_000300_api_versions.js';
import * as control_2026_11_29_000400 from './control/2026_11_29_000400_events_order_number.js';
import * as control_2026_11_29_000500 from './control/2026_11_29_000500_webhook_endpoints.js';
import * as control_2026_11_29_000600 from './control/2026_11_29_000600_api_requests_api_version.js';
import * as control_2026_11_29_000700 from './control/2026_11_29_000700_add_webhook_log_endpoints.js';
import * as control_2026_11_29_000800 from './control/2026_11_29_000800_webhook_log_ordering.js';
import * as control_2026_11_29_000900 from './control/2026_11_29_000900_webhook_endpoint_stats.js';
import * as control_2026_11_29_001000 from './control/2026_11_29_001000_plugin_endpoint_marker.js';
import * as data_2026_11_22_000100 from './data/2026_11_22_000100_create_data_plane.js';
import * as data_2026_11_22_000300 from './data/2026_11_22_000300_add_capture_snapshot.js';
import * as data_2026_11_22_000800 from './data/2026_11_22_000800_add_transaction_refund_link.js';
import * as data_2026_11_22_000810 from './data/2026_11_22_000810_drop_order_items_menu_item_fk.js';
import * as data_2026_11_22_000900 from './data/2026_11_22_000900_add_orders_location_keyset_index.js';

// Registered explicitly (not read from disk) so that the same list works under tsx, jest and a
// compiled build. Append new migrations; never edit an applied one.
export const controlMigrations: Record<string, Migration> = {
  '2026_11_22_000100_create_control_plane': control_2026_11_22_000100,
  '2026_11_22_000200_create_webhook_deliveries': control_2026_11_22_000200,
  '2026_11_22_000600_create_setup_tokens_and_oauth_states': control_2026_11_22_000600,
  '2026_11_24_000100_event_sequences': control_2026_11_24_000100,
  '2026_11_24_000200_unlogged_rate_limits': control_2026_11_24_000200,
  '2026_11_24_000500_webhook_secret_rotation': control_2026_11_24_000500,
  '2026_11_24_000600_webhook_listeners': control_2026_11_24_000600,
  '2026_11_24_001000_api_request_log': control_2026_11_24_001000,
  '2026_11_24_001100_sandbox_power_tools': control_2026_11_24_001100,
  '2026_11_26_000100_add_webhook_listener_read_only': control_2026_11_26_000100,
  '2026_11_26_000300_add_delivery_attempt_headers': control_2026_11_26_000300,
  '2026_11_26_000400_add_api_requests_request_id_index': control_2026_11_26_000400,
  '2026_11_26_231000_add_sandbox_webhook_secret': control_2026_11_26_231000,
  '2026_11_27_000100_partition_event_history': control_2026_11_27_000100,
  '2026_11_27_000200_partition_webhook_logs': control_2026_11_27_000200,
  '2026_11_27_000300_add_scenario_runs_steps_total': control_2026_11_27_000300,
  '2026_11_27_020000_trim_webhook_log_indexes': control_2026_11_27_020000,
  '2026_11_27_030000_webhook_log_fillfactor': control_2026_11_27_030000,
  '2026_11_27_040000_fanout_outbox': control_2026_11_27_040000,
  '2026_11_27_050000_api_requests_by_time': control_2026_11_27_050000,
  '2026_11_27_060000_webhook_logs_by_time': control_2026_11_27_060000,
  '2026_11_27_070000_resent_at': control_2026_11_27_070000,
  '2026_11_28_000100_feed_days': control_2026_11_28_000100,
  '2026_11_28_000200_plugins_with_webhook_endpoint': control_2026_11_28_000200,
  '2026_11_29_000100_end_sessions_and_count_log_in_failures': control_2026_11_29_000100,
  '2026_11_29_000200_move_webhook_fanout_jobs': control_2026_11_29_000200,
  '2026_11_29_000300_api_versions': control_2026_11_29_000300,
  '2026_11_29_000400_events_order_number': control_2026_11_29_000400,
  '2026_11_29_000500_webhook_endpoints': control_2026_11_29_000500,
  '2026_11_29_000600_api_requests_api_version': control_2026_11_29_000600,
  '2026_11_29_000700_add_webhook_log_endpoints': control_2026_11_29_000700,
  '2026_11_29_000800_webhook_log_ordering': control_2026_11_29_000800,
  '2026_11_29_000900_webhook_endpoint_stats': control_2026_11_29_000900,
  '2026_11_29_001000_plugin_endpoint_marker': control_2026_11_29_001000,
};

export const dataPlaneMigrations: Record<string, Migration> = {
  '2026_11_22_000100_create_data_plane': data_2026_11_22_000100,
  '2026_11_22_000300_add_capture_snapshot': data_2026_11_22_000300,
  '2026_11_22_000800_add_transaction_refund_link': data_2026_11_22_000800,
  '2026_11_22_000810_drop_order_items_menu_item_fk': data_2026_11_22_000810,
  '2026_11_22_000900_add_orders_location_keyset_index': data_2026_11_22_000900,
};

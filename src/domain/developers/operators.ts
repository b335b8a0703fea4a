import type { Db } from '../../db/database.js';
import type { PasswordHashParams } from '../../lib/passwords.js';
import { randomBase62 } from '../../lib/secrets.js';
import { insertAccount, type DeveloperView } from './developers.js';

// Platform operators: portal accounts with role `operator`. They review listings, onboard
// restaurants into production and act for restaurants in the marketplace (src/portal/policy.ts,
// access `operator`). There is no sign-up for them: they are bootstrapped from the command line
// (`svc operator create`), and log in like anyone else (`logIn`).

export interface CreatedOperator {
  operator: DeveloperView;
  /** The password: as given, or generated here (then shown once by the caller, never stored in clear). */
  password: string;
  generated: boolean;
}

export async function createOperator(
  db: Db,
  hashing: PasswordHashParams,
  input: { email: string; name: string; password?: string },
): Promise<CreatedOperator> {
  const generated = input.password === undefined;
  const password = input.password ?? randomBase62(24);
  const operator = await insertAccount(
    db,
    hashing,
    { email: input.email, name: input.name, password },
    'operator',
  );
  return { operator, password, generated };
}

import { parseArgs } from 'node:util';
import type { Db } from '../db/database.js';
import type { PasswordHashParams } from '../lib/passwords.js';
import { ValidationError } from '../domain/shared/index.js';
import { createOperator } from '../domain/developers/index.js';

// `svc operator create --email E --name N [--password P]`: bootstraps a platform operator account,
// without prompts (scripts, first deploy). A generated password is printed this once.

export const OPERATOR_USAGE = `usage: svc operator create --email <email> --name <name> [--password <password>]
  Creates a platform operator account for the developer portal. Without --password a password is
  generated and printed once (a password on the command line may stay in the shell history).`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command and returns the process exit code: 0 done, 1 refused, 2 usage. */
export async function runOperatorCommand(
  db: Db,
  hashing: PasswordHashParams,
  argv: string[],
  io: CommandOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n${OPERATOR_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (
    positionals.length !== 1 ||
    positionals[0] !== 'create' ||
    values.email === undefined ||
    values.name === undefined
  ) {
    io.err(OPERATOR_USAGE);
    return 2;
  }
  try {
    const created = await createOperator(db, hashing, {
      email: values.email,
      name: values.name,
      password: values.password,
    });
    io.out(
      `Operator ${created.operator.email} created (id ${created.operator.id}). Log in to the portal with logIn.`,
    );
    if (created.generated) io.out(`Password (shown once, store it now): ${created.password}`);
    return 0;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const problems = Object.entries(err.details ?? {}).map(
      ([field, list]) => `  --${field}: ${list.join('; ')}`,
    );
    io.err(`Operator not created:\n${problems.join('\n')}`);
    return 1;
  }
}

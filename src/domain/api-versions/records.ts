import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * A change record, contracts/versions/<date>.yaml: what a dated version changed, said as how the
 * PREVIOUS version differed (Cadwyn's instructions). Head (openapi.yaml, asyncapi.yaml) is the
 * newest version; every older one is derived by undoing the records newer than it (derive.ts).
 */
export const RECORDS_DIR = 'contracts/versions';
/** The contracts as first released; a version older than every record. */
export const FIRST_VERSION = '2026-11-21';
export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const name = z.string().min(1);
const json = z.record(z.string(), z.unknown());

// Exactly one place and one kind per instruction; which kinds a place takes is checked after.
const PLACES = ['schema', 'operation', 'event'] as const;
export const INSTRUCTION_KINDS = [
  'renamed_from',
  'had',
  'didnt_exist',
  'existed',
  'was_optional',
  'enum_added',
  'enum_removed',
] as const;
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];

const instructionSchema = z
  .object({
    contract: z.enum(['openapi', 'asyncapi']),
    schema: name.optional(),
    property: name.optional(),
    operation: name.optional(),
    parameter: z.object({ name, in: z.enum(['query', 'path', 'header', 'cookie']) }).optional(),
    event: name.optional(),
    renamed_from: name.optional(),
    had: json.optional(),
    didnt_exist: z.literal(true).optional(),
    existed: json.optional(),
    was_optional: z.literal(true).optional(),
    enum_added: z.array(z.unknown()).min(1).optional(),
    enum_removed: z.array(z.unknown()).min(1).optional(),
    /** Functions exported by contracts/versions/<date>.ts that convert the value (migrations.ts). */
    migration: z
      .object({ request: name.optional(), response: name.optional() })
      .strict()
      .refine((m) => m.request || m.response, 'names a request or a response function')
      .optional(),
  })
  .strict()
  .superRefine((i, ctx) => {
    const places = PLACES.filter((p) => i[p] !== undefined);
    const kinds = INSTRUCTION_KINDS.filter((k) => i[k] !== undefined);
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (places.length !== 1) issue(`needs exactly one of ${PLACES.join(', ')}`);
    if (kinds.length !== 1) issue(`needs exactly one of ${INSTRUCTION_KINDS.join(', ')}`);
    if (i.property !== undefined && i.schema === undefined) issue('property needs schema');
    if (i.parameter !== undefined && i.operation === undefined) issue('parameter needs operation');
    if (i.operation !== undefined && i.contract !== 'openapi') issue('operation is openapi only');
    if (i.event !== undefined && i.contract !== 'asyncapi') issue('event is asyncapi only');
    if (i.migration && i.property === undefined && i.parameter === undefined) {
      issue('migration converts a property or a parameter value');
    }
  });

const changeSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'kebab-case'),
    description: name,
    upgrade: name,
    instructions: z.array(instructionSchema).min(1),
  })
  .strict();

const recordSchema = z
  .object({
    version: z.string().regex(VERSION_PATTERN, 'YYYY-MM-DD'),
    title: name,
    /** The previous version's sunset when later than the policy's (this date + 12 months). */
    previous_sunset: z.string().regex(VERSION_PATTERN, 'YYYY-MM-DD').optional(),
    changes: z.array(changeSchema).min(1),
  })
  .strict();

export type Instruction = z.infer<typeof instructionSchema>;
export type VersionChange = z.infer<typeof changeSchema>;
export type ChangeRecord = z.infer<typeof recordSchema>;

/** A record that cannot be applied: names the file, the change and the place. */
export class RecordError extends Error {
  constructor(version: string, problem: string, changeId?: string) {
    super(`${recordFile(version)}${changeId ? `, change ${changeId}` : ''}: ${problem}`);
    this.name = 'RecordError';
  }
}

export const recordFile = (version: string) => `${RECORDS_DIR}/${version}.yaml`;

/** One record from its YAML text; `version` must equal the file's date. */
export function parseRecord(text: string, fileVersion: string): ChangeRecord {
  const result = recordSchema.safeParse(parse(text));
  if (!result.success) {
    const issues = result.error.issues.map(
      (i) => `${i.path.join('.') || '(record)'}: ${i.message}`,
    );
    throw new RecordError(fileVersion, `invalid record: ${issues.join('; ')}`);
  }
  const record = result.data;
  if (record.version !== fileVersion) {
    throw new RecordError(fileVersion, `version ${record.version} differs from the file's name`);
  }
  if (record.version <= FIRST_VERSION) {
    throw new RecordError(fileVersion, `a record is newer than the first version ${FIRST_VERSION}`);
  }
  const ids = record.changes.map((c) => c.id);
  const twice = ids.find((id, n) => ids.indexOf(id) !== n);
  if (twice) throw new RecordError(fileVersion, `change id ${twice} is used twice`);
  return record;
}

/** Every record under `<root>/contracts/versions/`, newest first (none when the folder is absent). */
export function readRecords(root: string): ChangeRecord[] {
  const dir = path.join(root, RECORDS_DIR);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  } catch {
    return [];
  }
  return files
    .map((file) => {
      const version = file.slice(0, -'.yaml'.length);
      if (!VERSION_PATTERN.test(version))
        throw new RecordError(version, 'a record is named YYYY-MM-DD.yaml');
      return parseRecord(readFileSync(path.join(dir, file), 'utf8'), version);
    })
    .sort((a, b) => b.version.localeCompare(a.version));
}

/** The dated versions, newest first: the first release and each record's date. */
export function supportedVersions(records: readonly ChangeRecord[]): string[] {
  return [...new Set([FIRST_VERSION, ...records.map((r) => r.version)])].sort((a, b) =>
    b.localeCompare(a),
  );
}

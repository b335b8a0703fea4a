import type { Json } from './places.js';
import {
  FIRST_VERSION,
  RecordError,
  supportedVersions,
  type ChangeRecord,
  type Instruction,
} from './records.js';
import type { RecordMigrations } from './migrations.js';
import { migrateExamples } from './migrator.js';
import { undoEventChange } from './undo-event.js';
import { undoOperationChange } from './undo-operation.js';
import { PlaceProblem, undoSchemaChange } from './undo-schema.js';

export interface HeadContracts {
  openapi: object;
  asyncapi: object;
}

export interface DerivedVersion {
  version: string;
  openapi: Json;
  asyncapi: Json;
}

/**
 * Every supported version's contracts, newest first. Head is the newest version; each older one is
 * the next newer one with that newer version's record undone, instruction by instruction in the
 * order written (each on the result of the ones before), and, given each record's migrations
 * (newest first, as the records), its examples taken back as its responses are. The inputs are
 * never changed.
 */
export function deriveVersions(
  head: HeadContracts,
  records: readonly ChangeRecord[],
  migrations?: readonly RecordMigrations[],
): DerivedVersion[] {
  const newestFirst = [...records].sort((a, b) => b.version.localeCompare(a.version));
  const versions = supportedVersions(newestFirst);
  if (versions.length !== newestFirst.length + 1) {
    throw new Error(
      `two records for one version among ${newestFirst.map((r) => r.version).join(', ')}`,
    );
  }
  let current: DerivedVersion = {
    version: versions[0]!,
    openapi: structuredClone(head.openapi) as Json,
    asyncapi: structuredClone(head.asyncapi) as Json,
  };
  const derived = [current];
  for (const [n, record] of newestFirst.entries()) {
    const previous: DerivedVersion = {
      version: versions[n + 1] ?? FIRST_VERSION,
      openapi: structuredClone(current.openapi),
      asyncapi: structuredClone(current.asyncapi),
    };
    undoRecord(previous, record);
    // With the records' migrations, the examples follow the shapes (the documents served).
    if (migrations) migrateExamples(record, migrations[n]!, current, previous);
    derived.push(previous);
    current = previous;
  }
  return derived;
}

function undoRecord(docs: DerivedVersion, record: ChangeRecord): void {
  for (const change of record.changes) {
    for (const instruction of change.instructions) {
      try {
        undoInstruction(docs[instruction.contract], instruction);
      } catch (err) {
        if (!(err instanceof PlaceProblem)) throw err;
        const where = `${instruction.contract} ${placeOf(instruction)}`;
        throw new RecordError(
          record.version,
          `${where}: ${err.message} in version ${record.version}`,
          change.id,
        );
      }
    }
  }
}

function undoInstruction(doc: Json, i: Instruction): void {
  if (i.schema !== undefined) return undoSchemaChange(doc, { ...i, schema: i.schema });
  if (i.operation !== undefined) return undoOperationChange(doc, { ...i, operation: i.operation });
  if (i.event !== undefined) return undoEventChange(doc, { ...i, event: i.event });
}

/** The place an instruction names, as a path into its document. */
export function placeOf(i: Instruction): string {
  if (i.schema !== undefined) {
    const property = i.property ? `.properties.${i.property.split('.').join('.properties.')}` : '';
    return `components.schemas.${i.schema}${property}`;
  }
  if (i.operation !== undefined) {
    const parameter = i.parameter ? ` parameter ${i.parameter.in} ${i.parameter.name}` : '';
    return `operation ${i.operation}${parameter}`;
  }
  return `event ${i.event}`;
}

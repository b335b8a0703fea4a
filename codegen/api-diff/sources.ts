import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_FILES, type ContractName, type ContractTexts } from './types.js';

const NAMES = Object.keys(CONTRACT_FILES) as ContractName[];

/** The contracts of the working tree under `root`. */
export function readWorkingContracts(root: string): ContractTexts {
  return collect((name) => readFileSync(path.join(root, CONTRACT_FILES[name]), 'utf8'));
}

/**
 * The contracts at a git ref (a branch, a tag, a commit); a file the ref lacks counts as empty.
 * The ref is whatever the caller typed (a branch name in CI): --end-of-options keeps one that
 * starts with a dash a revision, never an option of git's.
 */
export function readContractsAtRef(root: string, ref: string): ContractTexts {
  try {
    execFileSync(
      'git',
      ['-C', root, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
      { stdio: 'pipe' },
    );
  } catch {
    throw new Error(
      `BASE ${JSON.stringify(ref)} is not a commit in ${root} (git rev-parse --verify found no such ref)`,
    );
  }
  return collect((name) => {
    try {
      return execFileSync(
        'git',
        ['-C', root, 'show', '--end-of-options', `${ref}:${CONTRACT_FILES[name]}`],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
      );
    } catch {
      return EMPTY[name];
    }
  });
}

/**
 * The released contracts: contracts/released/<version>/ holds each dated version's openapi.yaml
 * and asyncapi.yaml; the portal's schema.graphql is not dated and stays in contracts/released/.
 */
export const RELEASED_DIR = 'contracts/released';
export const releasedVersionDir = (version: string) => `${RELEASED_DIR}/${version}`;
export const releasedFile = (root: string, name: ContractName, version: string) =>
  name === 'graphql'
    ? path.join(root, RELEASED_DIR, path.basename(CONTRACT_FILES.graphql))
    : path.join(root, releasedVersionDir(version), path.basename(CONTRACT_FILES[name]));

/** A version's released contracts, or undefined when that version has not been released yet. */
export function readReleasedContracts(root: string, version: string): ContractTexts | undefined {
  if (!existsSync(releasedFile(root, 'openapi', version))) return undefined;
  return collect((name) => readFileSync(releasedFile(root, name, version), 'utf8'));
}

/** The released portal schema (empty before the first release). */
export function readReleasedGraphql(root: string): string {
  const file = releasedFile(root, 'graphql', '');
  return existsSync(file) ? readFileSync(file, 'utf8') : EMPTY.graphql;
}

/** Contracts with nothing in them: what a contract that did not exist yet is compared as. */
export const EMPTY: ContractTexts = {
  openapi: 'openapi: 3.0.3\ninfo: {title: none, version: "0"}\npaths: {}\n',
  asyncapi: 'asyncapi: 3.0.0\ninfo: {title: none, version: "0"}\noperations: {}\n',
  graphql: 'type Query { _: Boolean }\n',
};

function collect(read: (name: ContractName) => string): ContractTexts {
  return Object.fromEntries(NAMES.map((name) => [name, read(name)])) as unknown as ContractTexts;
}

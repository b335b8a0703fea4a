import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
    execFileSync('git', ['-C', root, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], { stdio: 'pipe' });
  } catch {
    throw new Error(`BASE ${JSON.stringify(ref)} is not a commit in ${root} (git rev-parse --verify found no such ref)`);
  }
  return collect((name) => {
    try {
      return execFileSync('git', ['-C', root, 'show', '--end-of-options', `${ref}:${CONTRACT_FILES[name]}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    } catch {
      return EMPTY[name];
    }
  });
}

/** The released contracts: contracts/released/ holds the three files by their base names. */
export const RELEASED_DIR = 'contracts/released';
export const releasedFile = (root: string, name: ContractName) => path.join(root, RELEASED_DIR, path.basename(CONTRACT_FILES[name]));

export function readReleasedContracts(root: string): ContractTexts {
  return collect((name) => readFileSync(releasedFile(root, name), 'utf8'));
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

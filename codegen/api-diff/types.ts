/** The three contracts, as text, at one point in history (a git ref, a directory, the working tree). */
export interface ContractTexts {
  openapi: string;
  asyncapi: string;
  graphql: string;
}

export type ContractName = keyof ContractTexts;

/** Where a change lands in the changelog. */
export type ChangeCategory = 'added' | 'changed' | 'deprecated' | 'removed';

/** One change, for the people who depend on the contract. */
export interface ChangeItem {
  contract: ContractName;
  /** A stable rule id (README, "API review"): exceptions and tests name it. */
  id: string;
  /** The operation and JSON path, the event and payload path, or the GraphQL type and field. */
  location: string;
  message: string;
  category: ChangeCategory;
}

export interface Report {
  breaking: ChangeItem[];
  nonBreaking: ChangeItem[];
}

/** The files of each contract, relative to the repository root. */
export const CONTRACT_FILES: Record<ContractName, string> = {
  openapi: 'openapi.yaml',
  asyncapi: 'asyncapi.yaml',
  graphql: 'src/portal/schema.graphql',
};

export const CONTRACT_TITLES: Record<ContractName, string> = {
  openapi: 'Data API (openapi.yaml)',
  asyncapi: 'Webhooks (asyncapi.yaml)',
  graphql: 'Developer portal (schema.graphql)',
};

/** The library's action (`add`, `remove`, `change`, ...) as a past participle: "added". */
export const pastTense = (action: string): string =>
  action.endsWith('e') ? `${action}d` : `${action}ed`;

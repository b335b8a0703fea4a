// DO NOT EDIT. Generated from src/dashboard/client/operations.graphql and src/portal/schema.graphql by codegen/dashboard.ts (make codegen).
/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** What an account may do: developer, or operator (listing review and the restaurant side). */
export type DeveloperRole =
  | 'developer'
  | 'operator';

export type ListingStatus =
  | 'draft'
  | 'under_review'
  | 'approved'
  | 'active'
  | 'suspended'
  | 'deprecated'
  | 'rejected'
  | 'deleted';

export type IntegrationType =
  | 'none'
  | 'oauth2';

export type PricingModel =
  | 'free'
  | 'paid';

export type OAuthInput = {
  clientId?: string | null | undefined;
  /** Stored encrypted; never returned. */
  clientSecret?: string | null | undefined;
  scopes?: Array<string> | null | undefined;
  authorizeUrl?: string | null | undefined;
  tokenUrl?: string | null | undefined;
};

export type PricingInput = {
  model: PricingModel;
  /** Decimal string, e.g. 9.99: required above 0 for paid, empty for free. */
  price?: string | null | undefined;
};

export type CreatePluginInput = {
  name: string;
  /** A public https URL. */
  webhookEndpoint?: string | null | undefined;
  /** Catalog event names and family wildcards (order.*); omit for the default subscription. */
  supportedEvents?: Array<string> | null | undefined;
  supportedFeatures?: Array<string> | null | undefined;
  integrationType?: IntegrationType | null | undefined;
  oauth?: OAuthInput | null | undefined;
  pricing?: PricingInput | null | undefined;
  /** 0 to 365; paid plugins only. */
  trialDays?: number | null | undefined;
  /** Automatic recovery of failed deliveries (default false); see Plugin.webhookAutoRecover. */
  webhookAutoRecover?: boolean | null | undefined;
};

export type UpdatePluginInput = {
  name?: string | null | undefined;
  webhookEndpoint?: string | null | undefined;
  supportedEvents?: Array<string> | null | undefined;
  supportedFeatures?: Array<string> | null | undefined;
  integrationType?: IntegrationType | null | undefined;
  oauth?: OAuthInput | null | undefined;
  pricing?: PricingInput | null | undefined;
  trialDays?: number | null | undefined;
  webhookAutoRecover?: boolean | null | undefined;
};

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, name: string, role: DeveloperRole } };

export type LogInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type LogInMutation = { logIn: { expiresAt: string } | null };

export type SignUpMutationVariables = Exact<{
  name: string;
  email: string;
  password: string;
}>;


export type SignUpMutation = { signUp: { expiresAt: string } | null };

export type LogOutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogOutMutation = { logOut: boolean };

export type PluginFieldsFragment = { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } };

export type ProjectsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectsQuery = { myDeveloperProjects: Array<{ id: string, name: string, createdAt: string, plugins: Array<{ id: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, updatedAt: string }> }> };

export type CreateProjectMutationVariables = Exact<{
  name: string;
}>;


export type CreateProjectMutation = { createProject: { id: string, name: string } | null };

export type CreatePluginMutationVariables = Exact<{
  projectId: string;
  input: CreatePluginInput;
}>;


export type CreatePluginMutation = { createPlugin: { webhookSecret: string, webhookSecretStandard: string, plugin: { id: string, name: string } } | null };

export type PluginQueryVariables = Exact<{
  id: string;
}>;


export type PluginQuery = { plugin: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null, webhookHealth: Array<{ installationId: string, deliveredLast24h: number, failedLast24h: number, successRate: number | null, consecutiveFailures: number, failingSince: string | null, lastError: string | null, lastSequence: number, acknowledgedThrough: number }> };

export type UpdatePluginMutationVariables = Exact<{
  id: string;
  input: UpdatePluginInput;
}>;


export type UpdatePluginMutation = { updatePlugin: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type RotateSecretMutationVariables = Exact<{
  pluginId: string;
  overlapHours?: number | null | undefined;
}>;


export type RotateSecretMutation = { rotateWebhookSecret: { webhookSecret: string, webhookSecretStandard: string, previousSecretExpiresAt: string | null } | null };

export type ExpireSecretMutationVariables = Exact<{
  pluginId: string;
}>;


export type ExpireSecretMutation = { expireWebhookSecret: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type SubmitForReviewMutationVariables = Exact<{
  id: string;
}>;


export type SubmitForReviewMutation = { submitPluginForReview: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type DeveloperKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type DeveloperKeysQuery = { developerKeys: Array<{ id: string, name: string, prefix: string, scopes: Array<string>, ipAllowlist: Array<string>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null }> };

export type CreateDeveloperKeyMutationVariables = Exact<{
  name: string;
  scopes: Array<string> | string;
  ipAllowlist?: Array<string> | string | null | undefined;
}>;


export type CreateDeveloperKeyMutation = { createDeveloperKey: { key: string, developerKey: { id: string } } | null };

export type RevokeDeveloperKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeDeveloperKeyMutation = { revokeDeveloperKey: { id: string, revokedAt: string | null } | null };

/** A GraphQL document whose result is R and whose variables are V (types only). */
export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };
export const MeDocument = "query Me {\n  me {\n    id\n    email\n    name\n    role\n  }\n}" as Operation<MeQuery, MeQueryVariables>;
export const LogInDocument = "mutation LogIn($email: String!, $password: String!) {\n  logIn(email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<LogInMutation, LogInMutationVariables>;
export const SignUpDocument = "mutation SignUp($name: String!, $email: String!, $password: String!) {\n  signUp(name: $name, email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<SignUpMutation, SignUpMutationVariables>;
export const LogOutDocument = "mutation LogOut {\n  logOut\n}" as Operation<LogOutMutation, LogOutMutationVariables>;
export const ProjectsDocument = "query Projects {\n  myDeveloperProjects {\n    id\n    name\n    createdAt\n    plugins {\n      id\n      name\n      listingStatus\n      webhookEndpoint\n      updatedAt\n    }\n  }\n}" as Operation<ProjectsQuery, ProjectsQueryVariables>;
export const CreateProjectDocument = "mutation CreateProject($name: String!) {\n  createProject(name: $name) {\n    id\n    name\n  }\n}" as Operation<CreateProjectMutation, CreateProjectMutationVariables>;
export const CreatePluginDocument = "mutation CreatePlugin($projectId: ID!, $input: CreatePluginInput!) {\n  createPlugin(projectId: $projectId, input: $input) {\n    plugin {\n      id\n      name\n    }\n    webhookSecret\n    webhookSecretStandard\n  }\n}" as Operation<CreatePluginMutation, CreatePluginMutationVariables>;
export const PluginDocument = "query Plugin($id: ID!) {\n  plugin(id: $id) {\n    ...PluginFields\n  }\n  webhookHealth(pluginId: $id) {\n    installationId\n    deliveredLast24h\n    failedLast24h\n    successRate\n    consecutiveFailures\n    failingSince\n    lastError\n    lastSequence\n    acknowledgedThrough\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<PluginQuery, PluginQueryVariables>;
export const UpdatePluginDocument = "mutation UpdatePlugin($id: ID!, $input: UpdatePluginInput!) {\n  updatePlugin(id: $id, input: $input) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<UpdatePluginMutation, UpdatePluginMutationVariables>;
export const RotateSecretDocument = "mutation RotateSecret($pluginId: ID!, $overlapHours: Int) {\n  rotateWebhookSecret(pluginId: $pluginId, overlapHours: $overlapHours) {\n    webhookSecret\n    webhookSecretStandard\n    previousSecretExpiresAt\n  }\n}" as Operation<RotateSecretMutation, RotateSecretMutationVariables>;
export const ExpireSecretDocument = "mutation ExpireSecret($pluginId: ID!) {\n  expireWebhookSecret(pluginId: $pluginId) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<ExpireSecretMutation, ExpireSecretMutationVariables>;
export const SubmitForReviewDocument = "mutation SubmitForReview($id: ID!) {\n  submitPluginForReview(id: $id) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<SubmitForReviewMutation, SubmitForReviewMutationVariables>;
export const DeveloperKeysDocument = "query DeveloperKeys {\n  developerKeys {\n    id\n    name\n    prefix\n    scopes\n    ipAllowlist\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n}" as Operation<DeveloperKeysQuery, DeveloperKeysQueryVariables>;
export const CreateDeveloperKeyDocument = "mutation CreateDeveloperKey($name: String!, $scopes: [String!]!, $ipAllowlist: [String!]) {\n  createDeveloperKey(name: $name, scopes: $scopes, ipAllowlist: $ipAllowlist) {\n    key\n    developerKey {\n      id\n    }\n  }\n}" as Operation<CreateDeveloperKeyMutation, CreateDeveloperKeyMutationVariables>;
export const RevokeDeveloperKeyDocument = "mutation RevokeDeveloperKey($id: ID!) {\n  revokeDeveloperKey(id: $id) {\n    id\n    revokedAt\n  }\n}" as Operation<RevokeDeveloperKeyMutation, RevokeDeveloperKeyMutationVariables>;

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

/** A GraphQL document whose result is R and whose variables are V (types only). */
export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };
export const MeDocument = "query Me {\n  me {\n    id\n    email\n    name\n    role\n  }\n}" as Operation<MeQuery, MeQueryVariables>;
export const LogInDocument = "mutation LogIn($email: String!, $password: String!) {\n  logIn(email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<LogInMutation, LogInMutationVariables>;
export const SignUpDocument = "mutation SignUp($name: String!, $email: String!, $password: String!) {\n  signUp(name: $name, email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<SignUpMutation, SignUpMutationVariables>;
export const LogOutDocument = "mutation LogOut {\n  logOut\n}" as Operation<LogOutMutation, LogOutMutationVariables>;

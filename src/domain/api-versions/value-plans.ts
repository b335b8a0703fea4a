import { deref, isObject, type Json } from './places.js';

// How a value of one version becomes the value of another: a plan, compiled once from a document
// and the steps its records attach to component schemas, that walks only the parts of the value
// leading to such a schema. A request, a response or an event payload is walked by the schema
// that describes it (an operation's body, a response, a message's payload); at every object that
// schema says is a `Name`, the steps of `Name` run, after its own properties were walked.

/** What a record does to one object of a component schema (renames a key, converts a value). */
export type Step = (object: Json) => void;

export interface Plan {
  /** Run on the object the plan's schema describes, after its properties were walked. */
  steps: Step[];
  properties: Map<string, Plan>;
  /** Each element of an array. */
  items: Plan | null;
  /** Every key that `properties` does not name (additionalProperties). */
  additional: Plan | null;
  /** allOf, oneOf, anyOf: each branch walks the same value. */
  branches: Plan[];
}

/** Applies the plan to the value in place; null (nothing to do) leaves it as it is. */
export function applyPlan(plan: Plan | null, value: unknown): void {
  if (plan === null || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (plan.items) for (const item of value) applyPlan(plan.items, item);
    return;
  }
  const object = value as Json;
  for (const [key, child] of plan.properties) if (key in object) applyPlan(child, object[key]);
  if (plan.additional)
    for (const key of Object.keys(object))
      if (!plan.properties.has(key)) applyPlan(plan.additional, object[key]);
  for (const branch of plan.branches) applyPlan(branch, object);
  for (const step of plan.steps) step(object);
}

/**
 * The plan of `root` (a schema or a `$ref` to one) in `doc`: null when no schema it reaches has
 * steps. Plans of component schemas are shared, so a recursive schema compiles once.
 */
export function compilePlan(
  doc: Json,
  root: unknown,
  stepsOf: ReadonlyMap<string, Step[]>,
): Plan | null {
  return new PlanCompiler(doc, stepsOf).compile(root);
}

const SCHEMA_REF = '#/components/schemas/';

class PlanCompiler {
  private readonly plans = new Map<string, Plan | null>();
  private readonly reaching = new Map<string, boolean>();

  constructor(
    private readonly doc: Json,
    private readonly stepsOf: ReadonlyMap<string, Step[]>,
  ) {}

  compile(node: unknown): Plan | null {
    if (!isObject(node)) return null;
    if (typeof node.$ref === 'string') return this.component(node.$ref);
    const plan: Plan = {
      steps: [],
      properties: new Map(),
      items: this.compile(node.items),
      additional: this.compile(node.additionalProperties),
      branches: [],
    };
    if (isObject(node.properties))
      for (const [key, schema] of Object.entries(node.properties)) {
        const child = this.compile(schema);
        if (child) plan.properties.set(key, child);
      }
    for (const keyword of ['allOf', 'oneOf', 'anyOf'])
      for (const branch of Array.isArray(node[keyword]) ? (node[keyword] as unknown[]) : []) {
        const child = this.compile(branch);
        if (child) plan.branches.push(child);
      }
    return isEmpty(plan) ? null : plan;
  }

  /** A `$ref`: a component schema's shared plan (with its steps), or the referenced node's. */
  private component(ref: string): Plan | null {
    if (!ref.startsWith(SCHEMA_REF)) return this.compile(deref(this.doc, { $ref: ref }));
    const name = ref.slice(SCHEMA_REF.length);
    if (!this.reaches(name, new Set())) return null;
    const known = this.plans.get(name);
    if (known !== undefined) return known;
    // Registered before its body compiles: a schema that refers to itself meets this plan.
    const plan: Plan = {
      steps: [...(this.stepsOf.get(name) ?? [])],
      properties: new Map(),
      items: null,
      additional: null,
      branches: [],
    };
    this.plans.set(name, plan);
    const body = this.compile({ ...(deref(this.doc, { $ref: ref }) as Json), $ref: undefined });
    if (body) plan.branches.push(body);
    return plan;
  }

  /** Whether the component schema, or one it refers to, has steps. */
  private reaches(name: string, visiting: Set<string>): boolean {
    const known = this.reaching.get(name);
    if (known !== undefined) return known;
    if (this.stepsOf.has(name)) return this.remember(name, true);
    if (visiting.has(name)) return false;
    visiting.add(name);
    const schema = deref(this.doc, { $ref: `${SCHEMA_REF}${name}` });
    const found = refsIn(schema).some(
      (ref) => !ref.startsWith(SCHEMA_REF) || this.reaches(ref.slice(SCHEMA_REF.length), visiting),
    );
    visiting.delete(name);
    // Only a definite answer is kept: a false met inside a cycle may still turn true.
    return found
      ? this.remember(name, true)
      : visiting.size === 0
        ? this.remember(name, false)
        : false;
  }

  private remember(name: string, reaches: boolean): boolean {
    this.reaching.set(name, reaches);
    return reaches;
  }
}

const isEmpty = (plan: Plan) =>
  plan.steps.length === 0 &&
  plan.properties.size === 0 &&
  plan.items === null &&
  plan.additional === null &&
  plan.branches.length === 0;

/** Every `$ref` inside a schema (at any depth). */
function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  return found;
}

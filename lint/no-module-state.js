// The architecture's rule "no module-level mutable state" (docs/architecture.md): what a process
// needs is built at boot and passed down in each door's deps, so that two services (or two tests)
// in one process never share state by accident. Flags, at a module's top level:
// - `let` and `var` declarations;
// - a `const` initialised with an empty container (`new Map()`, `new Set()`, `new WeakMap()`,
//   `new WeakSet()`, `[]`, `{}`): it exists to be filled;
// - a `const` initialised with `new X(...)` of a class named in `caches` (PreparedQuery).
// A constant lookup table (`new Set(['a', 'b'])`) is not state. Named exceptions are listed in
// eslint.config.js with their reason (a file and a name, or a class), never in the file they excuse.

const EMPTY_CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'no module-level mutable state (docs/architecture.md)' },
    schema: [
      {
        type: 'object',
        properties: {
          caches: { type: 'array', items: { type: 'string' } },
          exceptions: { type: 'array', items: { type: 'object' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      mutable:
        "'{{name}}' is module-level mutable state ({{why}}). Build it at boot and pass it in the deps " +
        '(docs/architecture.md), or name it as an exception with its reason in eslint.config.js.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const caches = new Set(options.caches ?? []);
    const file = context.filename.replaceAll('\\', '/');
    const exceptions = options.exceptions ?? [];
    const excused = new Set(
      exceptions.filter((e) => e.file && file.endsWith(e.file)).map((e) => e.name),
    );
    const excusedClasses = new Set(exceptions.filter((e) => e.class).map((e) => e.class));
    const report = (node, name, why, cls) => {
      if (excused.has(name) || (cls && excusedClasses.has(cls))) return;
      context.report({ node, messageId: 'mutable', data: { name, why } });
    };
    const check = (declaration) => {
      for (const d of declaration.declarations) {
        const name = d.id.type === 'Identifier' ? d.id.name : '(destructured)';
        if (declaration.kind !== 'const') {
          report(d, name, `a top-level ${declaration.kind}`);
          continue;
        }
        const init = d.init;
        if (!init) continue;
        if (init.type === 'NewExpression' && init.callee.type === 'Identifier') {
          const cls = init.callee.name;
          if (EMPTY_CONTAINERS.has(cls) && init.arguments.length === 0)
            report(d, name, `an empty ${cls} to be filled`, cls);
          if (caches.has(cls)) report(d, name, `a ${cls} cache`, cls);
        }
        if (init.type === 'ArrayExpression' && init.elements.length === 0)
          report(d, name, 'an empty array to be filled');
        if (init.type === 'ObjectExpression' && init.properties.length === 0)
          report(d, name, 'an empty object to be filled');
      }
    };
    return {
      'Program > VariableDeclaration': check,
      'Program > ExportNamedDeclaration > VariableDeclaration': check,
    };
  },
};

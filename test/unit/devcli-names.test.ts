import { describe, expect, it } from '@jest/globals';
import { CliError } from '../../src/devcli/client.js';
import { run } from '../../src/devcli/main.js';

// The CLI looks commands and events up by the name typed: a name of an Object.prototype member is
// unknown like any other, not an inherited function.

const NAMES = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'];

function io() {
  const out: string[] = [];
  return { out, io: { out: (line: string) => out.push(line), err: () => undefined, env: {} } };
}

describe('svc and Object.prototype names', () => {
  it.each(NAMES)('when svc trigger %s runs, then it is an unknown event', async (name) => {
    await expect(run(['trigger', name, '--sandbox', '1'], io().io)).rejects.toThrow(
      new CliError(`unknown event ${name}: svc trigger --list shows the 20`),
    );
  });

  it.each(NAMES)('when svc %s --help runs, then the main help is printed', async (name) => {
    const { out, io: cli } = io();
    const main = io();
    await run(['--help'], main.io);
    await run([name, '--help'], cli);
    expect(out).toEqual(main.out);
  });
});

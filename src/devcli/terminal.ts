// Strings from the platform (event names, log labels, error messages) end up on a terminal, where
// an escape sequence could retitle the window, clear or rewrite earlier lines, plant a link (OSC 8)
// or reorder text (bidi overrides). svc prints everything through `printable`: whole sequences
// go, then every other control character; line breaks and tabs stay.

// ESC-introduced CSI, OSC/DCS/SOS/PM/APC strings (to BEL or ST), other two-byte escapes; 8-bit CSI.
const SEQUENCE =
  /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[ -/]*[0-~])?|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
const ANY_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

export function printable(text: string): string {
  // Most lines hold none: one scan decides.
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(SEQUENCE, '').replace(CONTROL, '');
}

/** Where a command prints, and the environment it reads. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** The process's stdout and stderr, each line made printable. */
export const terminalIo = (): Io => ({
  out: (line) => process.stdout.write(printable(line) + '\n'),
  err: (line) => process.stderr.write(printable(line) + '\n'),
  env: process.env,
});

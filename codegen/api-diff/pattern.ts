/**
 * Whether a changed `pattern` accepts more or fewer strings. Deciding that for any two regular
 * expressions is out of reach; the changes reviewers make are almost always a character class
 * grown or shrunk in an otherwise equal expression (`^[0-9a-f]{64}$` -> `^[0-9a-fA-F]{64}$`), so
 * that is what this compares. Anything else is 'changed', which a request treats as tightened.
 */
export type PatternChange = 'same' | 'widened' | 'narrowed' | 'changed';

type Token = { set: Set<string> } | { text: string };

const ESCAPES: Record<string, string> = { d: '0-9', w: 'a-zA-Z0-9_' };

export function comparePatterns(before: string, after: string): PatternChange {
  if (before === after) return 'same';
  const a = tokenize(before);
  const b = tokenize(after);
  if (!a || !b || a.length !== b.length) return 'changed';
  let widened = false;
  let narrowed = false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if ('text' in x && 'text' in y) {
      if (x.text !== y.text) return 'changed';
      continue;
    }
    const [sx, sy] = [asSet(x), asSet(y)];
    if (!sx || !sy) return 'changed';
    const grows = [...sx].every((c) => sy.has(c));
    const shrinks = [...sy].every((c) => sx.has(c));
    if (grows && shrinks) continue;
    if (grows) widened = true;
    else if (shrinks) narrowed = true;
    else return 'changed';
  }
  if (widened && narrowed) return 'changed';
  return widened ? 'widened' : narrowed ? 'narrowed' : 'same';
}

/** A one-character literal is the set of that character; other literals are not sets. */
function asSet(token: Token): Set<string> | undefined {
  if ('set' in token) return token.set;
  return token.text.length === 1 && !'^$.|?*+(){}'.includes(token.text)
    ? new Set(token.text)
    : undefined;
}

function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '[') {
      const end = source.indexOf(']', i + 2);
      if (end < 0 || source[i + 1] === '^') return undefined;
      const set = expandClass(source.slice(i + 1, end));
      if (!set) return undefined;
      tokens.push({ set });
      i = end;
    } else if (c === '\\') {
      const next = source[++i] ?? '';
      tokens.push(ESCAPES[next] ? { set: expandClass(ESCAPES[next])! } : { text: next });
    } else if (c === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) return undefined;
      tokens.push({ text: source.slice(i, end + 1) });
      i = end;
    } else {
      tokens.push({ text: c });
    }
  }
  return tokens;
}

/** The characters of a class body such as `0-9a-fA-F`; undefined for escapes inside it. */
function expandClass(body: string): Set<string> | undefined {
  const set = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const named = ESCAPES[body[i + 1] ?? ''];
      if (!named) return undefined;
      for (const ch of expandClass(named)!) set.add(ch);
      i++;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let code = c.charCodeAt(0); code <= body.charCodeAt(i + 2); code++)
        set.add(String.fromCharCode(code));
      i += 2;
    } else {
      set.add(c);
    }
  }
  return set;
}

// Query parameters that carry a capability or a credential: the OAuth start token, the callback's
// code and state, a GraphQL GET document and its variables, and anything named after a password,
// key, secret or token. Their values never reach the access log.
const CAPABILITY_PARAMS = new Set(['token', 'code', 'state', 'query', 'variables']);
const CREDENTIAL_PARAM = /password|key|secret|token/i;
const REDACTED = '[redacted]';

/** The URL as logged: path and query string, with the values of capability parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = safeDecode(pair.slice(0, eq));
      return CAPABILITY_PARAMS.has(name.toLowerCase()) || CREDENTIAL_PARAM.test(name)
        ? `${pair.slice(0, eq)}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

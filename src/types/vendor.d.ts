// Declarations for the small HTTP packages the Data API door uses directly (Express's own
// dependencies, which ship no types).
declare module 'parseurl' {
  import type { IncomingMessage } from 'node:http';
  interface ParsedUrl {
    pathname: string | null;
    search: string | null;
    query: string | null;
  }
  function parseurl(req: IncomingMessage): ParsedUrl | undefined;
  export default parseurl;
}

declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (addr: string, index: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust): string;
  export default proxyaddr;
}

declare module 'type-is' {
  import type { IncomingMessage } from 'node:http';
  function typeis(req: IncomingMessage, types: string[]): string | false | null;
  namespace typeis {
    function hasBody(req: IncomingMessage): boolean;
  }
  export default typeis;
}

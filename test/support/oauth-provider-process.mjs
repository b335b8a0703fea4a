// A real OAuth 2.0 authorization server (oauth2-mock-server) in its own process, on loopback.
// Prints its issuer URL on the first line of stdout. (In-process, jest's VM realm trips the
// library's plain-object checks on the JWKs it generates.)
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');
process.stdout.write(`${server.issuer.url}\n`);
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));

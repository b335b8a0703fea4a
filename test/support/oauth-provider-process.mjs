// A real OAuth 2.0 authorization server (oauth2-mock-server) in its own process, on loopback.
// Prints its issuer URL on the first line of stdout. (In-process, jest's VM realm trips the
// library's plain-object checks on the JWKs it generates.) With a key and certificate path as
// arguments it serves HTTPS (the service only ever calls https token endpoints).
import { OAuth2Server } from 'oauth2-mock-server';

const [keyPath, certPath] = process.argv.slice(2);
const server = new OAuth2Server(keyPath, certPath);
await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');
process.stdout.write(`${server.issuer.url}\n`);
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));

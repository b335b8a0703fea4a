import { apiPrefix } from './contracts.js';
import { ToolError, type McpContext } from './tool.js';

// Which installation key calls the Data API for a sandbox. The platform stores keys as hashes and
// shows each once, so svc mcp is given them (svc mcp --key, SVC_INSTALLATION_KEY, several
// comma-separated, as svc trigger is) and uses a key only for the installation it belongs to:
// GET /installation says which, and the portal says which installation is the caller's sandbox's.
// Minting one through the portal instead would either invalidate the developer's key
// (regenerateInstallationKey) or add an installation that doubles every delivery (simulateInstall).

/** The installation a key belongs to (GET /installation), null when the key is refused; asked once per key. */
function installationOfKey(ctx: McpContext, key: string): Promise<string | null> {
  let owner = ctx.keyInstallations.get(key);
  if (!owner) {
    owner = (async () => {
      const prefix = apiPrefix(await ctx.contracts.openapi());
      const res = await fetch(`${ctx.credentials.baseUrl}${prefix}/installation`, {
        headers: { 'X-Plugin-Api-Key': key },
      });
      const body = (await res.json().catch(() => null)) as {
        data?: { installation_id?: number };
      } | null;
      return res.ok && body?.data?.installation_id !== undefined
        ? String(body.data.installation_id)
        : null;
    })();
    // A refusal may be passing (a sandbox resetting, a rate limit): asked again next time.
    void owner.then(
      (id) => id === null && ctx.keyInstallations.delete(key),
      () => ctx.keyInstallations.delete(key),
    );
    ctx.keyInstallations.set(key, owner);
  }
  return owner;
}

/** The key of the sandbox's own installation, from the keys svc mcp was given. */
export async function installationKeyFor(
  ctx: McpContext,
  sandboxId: string,
  installationId: string,
): Promise<string> {
  for (const key of ctx.installationKeys) {
    if ((await installationOfKey(ctx, key)) === installationId) return key;
  }
  throw new ToolError(
    'installation_key_required',
    `No installation key of sandbox ${sandboxId} (installation ${installationId}) was given to svc mcp: start it with --key <the sandbox's X-Plugin-Api-Key> or SVC_INSTALLATION_KEY (several keys: comma-separated). provisionSandbox showed the key once; regenerateInstallationKey makes a new one (the old one stops working).`,
  );
}

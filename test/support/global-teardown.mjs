export default async function globalTeardown() {
  await globalThis.__svcPg?.stop();
}

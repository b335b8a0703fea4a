// Jest loads globalSetup outside its transform pipeline; tsx imports the TypeScript setup.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { prepareTestDatabase } = await tsImport('./test-db.ts', import.meta.url);
  await prepareTestDatabase();
}

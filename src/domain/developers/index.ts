export {
  createDeveloperKey,
  findDeveloperKey,
  isDeveloperKeyFormat,
  listDeveloperKeys,
  revokeDeveloperKey,
  touchDeveloperKey,
} from './developer-keys.js';
export { acceptDeveloperAgreement, findDeveloper, findDeveloperCharging, logIn, signUp } from './developers.js';
export { createOperator } from './operators.js';
export { createProject, listProjects } from './projects.js';

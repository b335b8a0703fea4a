export {
  createDeveloperKey,
  findDeveloperKey,
  isDeveloperKeyFormat,
  listDeveloperKeys,
  revokeDeveloperKey,
  touchDeveloperKey,
} from './developer-keys.js';
export {
  acceptDeveloperAgreement,
  endAllSessions,
  endSession,
  findDeveloper,
  findDeveloperCharging,
  isSessionOn,
  logIn,
  PasswordChecksBusyError,
  signUp,
} from './developers.js';
export type { LoggedInDeveloper, SessionRef } from './developers.js';
export { createOperator } from './operators.js';
export { createProject, listProjects } from './projects.js';

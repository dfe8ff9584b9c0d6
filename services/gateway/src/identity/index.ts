export { type Enrolment, type RegisteredAccount, registerAccount } from './accounts/register-account';
export { identityModule } from './identity-module';
export { changeLockPolicy } from './organisations/organisation-events';
export { SESSION_COOKIE, sessionPlugin } from './sessions/session-plugin';

export { type Enrolment, type RegisteredAccount, registerAccount } from './accounts/register-account';
export { identityModule } from './identity-module';
export { SESSION_COOKIE, sessionPlugin } from './sessions/session-plugin';
export { tradeContextFromIdentity } from './trade-context';

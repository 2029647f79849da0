export { startMailCatcher, type MailCatcher } from './catcher.ts';
export { startMailRelay, type MailRelay, type MailRelayOptions } from './relay.ts';
export { authEmulatorMail, type OobCode } from './auth-links.ts';

export { startStripeDouble, type StripeDouble, type StripeDoubleOptions } from './server.ts';
export { TEST_CARDS } from './checkout/outcomes.ts';
export { API_VERSION } from './events.ts';
export { stripeSignatureHeader } from './signature.ts';
export type { EventJson, SessionJson } from './objects.ts';

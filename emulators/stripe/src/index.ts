export {
  startStripeDouble,
  TEST_CARDS,
  API_VERSION,
  type StripeDouble,
  type StripeDoubleOptions,
} from './server.ts';
export { stripeSignatureHeader } from './signature.ts';
export type { EventJson, SessionJson } from './objects.ts';

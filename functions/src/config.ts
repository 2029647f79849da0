/** Everything the `api` function is configured with, typed, in one place. */
import { defineSecret } from 'firebase-functions/params';

/** Next to the parishioners (Spain) and to Firestore. */
export const REGION = 'europe-west1';

export interface ApiConfig {
  /** Larger request bodies are refused with 413 before any work is done. */
  maxBodyBytes: number;
}

export const API_CONFIG: ApiConfig = {
  // Every JSON body of the API is small; the largest, 50 plots, is about 1.5 KiB.
  maxBodyBytes: 64 * 1024,
};

/**
 * Stripe's secret API key and the webhook endpoint's signing secret: Functions secrets in
 * production (`firebase functions:secrets:set`), `functions/.secret.local` in the emulator.
 */
export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

/** Scheduled sweep of lapsed holds and reservations. */
export const SWEEP_SCHEDULE = 'every 60 minutes';

/** Everything the `api` function is configured with, typed, in one place. */

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

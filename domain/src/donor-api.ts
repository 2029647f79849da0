/**
 * The donor routes' paths and answers as the web reads them (docs/api.md, functions/README.md).
 * The functions type their answers with these, so both sides change together.
 */

export const DONOR_API_PATHS = {
  whoami: '/api/users/whoami/',
  sync: '/api/users/sync/',
  updateUser: '/api/users/update_user/',
  acceptPrivacyPolicy: '/api/users/accept-privacy-policy/',
  logout: '/api/users/logout/',
  linkCode: '/api/users/link-code/',
  /** `?lang=es|ro` (es-ES and en are read as es). */
  generateCertificate: '/api/users/generate-certificate/',
  /** Public. `?code=`. */
  verifyCertificate: '/api/certificates/verify/',
} as const;

/** whoami, update_user and accept-privacy-policy answer the profile. */
export interface DonorProfileJson {
  id: string;
  name: string;
  /** A real address, or a placeholder: see `externalProviderOf`. */
  email: string;
  personal_code: string;
  is_anonymous_donor: boolean;
  accepted_privacy_policy: boolean;
  /** From the token's custom claim only. */
  is_staff: boolean;
  sub: string | null;
  created_at: string | null;
}

/** sync: 201 when the account was created now, 200 when it existed. */
export interface SyncAnswer extends DonorProfileJson {
  created: boolean;
}

export interface LinkCodeAnswer {
  status: 'success';
  code: string;
  /** Plot codes now held by the donor, e.g. `['K3', 'K4']`. */
  plots: string[];
}

export interface VerifyCertificateAnswer {
  code: string;
  /** The name as the map shows it: the code itself for anonymous donors. */
  donor_display: string;
  plots: Array<{ code: string; status: 'bought' | 'reserved' }>;
}

/** Every error answer; `field` names the refused input on a 400 from a schema. */
export interface ApiErrorAnswer {
  error: string;
  field?: string;
}

/**
 * Physical certificates: their codes and staff registering one.
 */
import type {
  PhysicalCertificateRegistration,
  RegistrationPlan,
  RegistrationRefusal,
} from '@parroquia/domain';

/** `certificate_codes/{code}`: physical certificate codes (issue 11). */
export interface CertificateCodeStore {
  /**
   * Stores every code as `unassigned` with the staff action that made them (bare codes or blank
   * certificates), all or none: false (and nothing written) when any of them exists already,
   * made before or by a concurrent request.
   */
  createCodes(
    codes: readonly string[],
    purpose: 'generate-codes' | 'print-blank',
    createdBy: string,
    now: number,
  ): Promise<boolean>;
}

/** Staff registering a physical certificate: one transaction over plots, code, ledger. */
export interface PhysicalCertificateRegistrar {
  register(
    registration: PhysicalCertificateRegistration,
    staffUid: string,
    now: number,
  ): Promise<RegistrationPlan | RegistrationRefusal>;
}

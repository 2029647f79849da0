/** Staff link a physical certificate (paid in cash or by transfer) to a donor and plots. */
import type { PlotPosition } from './grid';
import { MESSAGES } from './messages';
import { normalizeCode } from './personal-code';
import { validatePlotCodeList } from './plot-selection';
import { invalid, isRecord, valid, type Validation } from './validation';

export interface PhysicalCertificateRegistration {
  email: string;
  code: string;
  /** Not required by the form; empty when not given. */
  name: string;
  is_anonymous_donor: boolean;
  plots: PlotPosition[];
  /** Reserve instead of buy. */
  reserve: boolean;
  /** How the donor paid the parish; cash is what staff usually record. */
  method: OfflinePaymentMethod;
}

/** Ways of paying staff in person; card payments go through Stripe, never through staff. */
export type OfflinePaymentMethod = 'cash' | 'transfer';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validatePhysicalCertificateRegistration(
  body: unknown,
): Validation<PhysicalCertificateRegistration> {
  if (!isRecord(body)) return invalid(MESSAGES.physicalCertificateIncomplete);
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  const code = typeof body.code === 'string' ? normalizeCode(body.code) : '';
  const parcelas = body.parcelas;
  if (email === '' || code === '' || !Array.isArray(parcelas) || parcelas.length === 0) {
    return invalid(MESSAGES.physicalCertificateIncomplete);
  }
  if (!EMAIL_PATTERN.test(email)) return invalid(MESSAGES.emailInvalid);
  const method = body.method ?? 'cash';
  if (method !== 'cash' && method !== 'transfer') return invalid(MESSAGES.paymentMethodInvalid);
  const plots = validatePlotCodeList(parcelas);
  if (!plots.ok) return plots;
  return valid({
    // E-mail addresses are matched without regard to case (Firebase Auth lowercases them too).
    email: email.toLowerCase(),
    code,
    name: typeof body.name === 'string' ? body.name.trim() : '',
    is_anonymous_donor: body.is_anonymous_donor === true,
    plots: plots.value,
    reserve: body.reserve === true,
    method,
  });
}

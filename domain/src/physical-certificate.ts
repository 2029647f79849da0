/** Staff link a physical certificate (paid in cash or by transfer) to a donor and plots. */
import { donorNameSchema } from './donor-profile';
import type { PlotPosition } from './grid';
import { MESSAGES } from './messages';
import { isBlankName } from './name-characters';
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

const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/** RFC 5321's limit on a whole address. */
const EMAIL_MAX_LENGTH = 254;

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
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return invalid(MESSAGES.emailInvalid);
  }
  const name = staffTypedName(body.name);
  if (!name.ok) return name;
  // Absent means cash, what staff usually record; anything else given must say which.
  const method = body.method === undefined ? 'cash' : body.method;
  if (method !== 'cash' && method !== 'transfer') return invalid(MESSAGES.paymentMethodInvalid);
  const plots = validatePlotCodeList(parcelas);
  if (!plots.ok) return plots;
  return valid({
    // E-mail addresses are matched without regard to case (Firebase Auth lowercases them too).
    email: email.toLowerCase(),
    code,
    name: name.value,
    is_anonymous_donor: body.is_anonymous_donor === true,
    plots: plots.value,
    reserve: body.reserve === true,
    method,
  });
}

/**
 * The donor's name as staff typed it, shown on the public map: optional, else the same rules as
 * a donor's own name (length, no control characters). Blank (nothing visible: spaces, zero-width
 * characters...) is no name, as an empty field is.
 */
function staffTypedName(value: unknown): Validation<string> {
  if (value === undefined || value === null) return valid('');
  if (typeof value !== 'string') return invalid(MESSAGES.nameNotText);
  if (isBlankName(value)) return valid('');
  const name = donorNameSchema.safeParse(value);
  return name.success
    ? valid(name.data)
    : invalid(name.error.issues[0]?.message ?? MESSAGES.nameNotText);
}

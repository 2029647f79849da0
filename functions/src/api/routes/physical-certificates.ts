/** Staff link a physical certificate, paid in cash or by transfer, to a donor and plots. */
import type { ApiRoutes, RegistrationRefusalReason } from '@parroquia/domain';
import { logPhysicalCertificateRegistered } from '../../log';
import { ApiError, jsonReply, type ErrorStatus } from '../http';
import type { Handler } from '../router';

export const PHYSICAL_CERTIFICATE_LINKED = 'Certificado vinculado correctamente.';

/** 409 when the plots' state is the problem (docs/api.md); the rest is what staff typed. */
const REFUSAL_STATUS: Record<RegistrationRefusalReason, ErrorStatus> = {
  'certificate-code-unknown': 400,
  'certificate-code-used': 400,
  'plot-unknown': 400,
  'plot-not-available': 409,
  'over-cash-limit': 400,
};

export const registerPhysicalCertificate: Handler<
  ApiRoutes['registerPhysicalCertificate']
> = async ({ deps, body: registration, caller }) => {
  const outcome = await deps.physicalCertificates.register(registration, caller.uid, deps.now());
  if (!outcome.ok) throw new ApiError(REFUSAL_STATUS[outcome.reason], outcome.message);
  logPhysicalCertificateRegistered(registration.code, caller.uid, outcome.amountCents);
  return jsonReply({
    message: PHYSICAL_CERTIFICATE_LINKED,
    code: registration.code,
    status: outcome.kind === 'buy' ? ('bought' as const) : ('reserved' as const),
    parcelas: outcome.cells.map((cell) => cell.id),
    amount_cents: outcome.amountCents,
    linked_to_account: outcome.donorUid !== null,
  });
};

/** Staff make physical certificate codes: as printable certificates (PDF) or as bare codes. */
import { generateCertificateCodes, type ApiRoutes } from '@parroquia/domain';
import { physicalCertificatesPdf } from '../../pdf/physical-certificates';
import type { ApiDependencies } from '../../ports/api-dependencies';
import { fileReply, jsonReply } from '../http';
import type { Handler } from '../router';

/** A repeat of a stored code is a 1 in 10^11 event; three in a row means something is broken. */
const MAX_ATTEMPTS = 3;

/**
 * `count` new codes, stored as `unassigned` before anyone sees them, with the staff action that
 * made them (`staff_actions`: bare codes or blank certificates, the batch's codes).
 */
async function issueCodes(
  deps: ApiDependencies,
  count: number,
  purpose: 'generate-codes' | 'print-blank',
  staffUid: string,
) {
  const now = deps.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const codes = generateCertificateCodes(count, deps.randomIndex);
    if (await deps.certificateCodes.createCodes(codes, purpose, staffUid, now)) return codes;
  }
  throw new Error(`certificate codes: ${MAX_ATTEMPTS} batches in a row met an existing code`);
}

export const generateCertificatesPdf: Handler<ApiRoutes['generateCertificatesPdf']> = async ({
  deps,
  body,
  caller,
}) => {
  const pdf = await physicalCertificatesPdf(
    await issueCodes(deps, body, 'print-blank', caller.uid),
  );
  return fileReply('application/pdf', pdf, 'certificados-fisicos.pdf');
};

export const generateJsonCodes: Handler<ApiRoutes['generateJsonCodes']> = async ({
  deps,
  body,
  caller,
}) => jsonReply({ codes: await issueCodes(deps, body, 'generate-codes', caller.uid) });

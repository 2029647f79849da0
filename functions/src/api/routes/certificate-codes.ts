/** Staff make physical certificate codes: as printable certificates (PDF) or as bare codes. */
import { generateCertificateCodes, validateCertificateCount, isRecord } from '@parroquia/domain';
import { physicalCertificatesPdf } from '../../pdf/physical-certificates';
import type { ApiDependencies } from '../../ports';
import { ApiError, jsonReply } from '../http';
import { staffRoute } from '../router';

/** A repeat of a stored code is a 1 in 10^11 event; three in a row means something is broken. */
const MAX_ATTEMPTS = 3;

/**
 * `count` new codes, stored as `unassigned` before anyone sees them. The language of the body
 * is not read: staff certificates are always Spanish (docs/product.md).
 */
async function issueCodes(
  deps: ApiDependencies,
  body: unknown,
  staffUid: string,
): Promise<string[]> {
  const count = validateCertificateCount(isRecord(body) ? body.count : undefined);
  if (!count.ok) throw new ApiError(400, count.error);
  const now = deps.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const codes = generateCertificateCodes(count.value, deps.randomIndex);
    if (await deps.certificateCodes.createCodes(codes, staffUid, now)) return codes;
  }
  throw new Error(`certificate codes: ${MAX_ATTEMPTS} batches in a row met an existing code`);
}

export const generateCertificatesPdfRoute = staffRoute(
  'POST',
  '/api/users/generate-certificates-pdf/',
  async ({ deps, body, caller }) => {
    const codes = await issueCodes(deps, body, caller.uid);
    const pdf = await physicalCertificatesPdf(codes);
    return {
      status: 200,
      contentType: 'application/pdf',
      body: Buffer.from(pdf),
      filename: 'certificados-fisicos.pdf',
    };
  },
);

export const generateJsonCodesRoute = staffRoute(
  'POST',
  '/api/users/generate-json-codes/',
  async ({ deps, body, caller }) => jsonReply({ codes: await issueCodes(deps, body, caller.uid) }),
);

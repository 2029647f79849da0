/** `GET /api/certificates/verify/?code=` (issue 8): whose a personal code is, and its plots. */
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

const PlotSchema = z.object({ code: z.string(), status: z.string() });

const VerificationSchema = z.object({
  code: z.string(),
  /** The name as the map shows it: the code itself for anonymous donors. */
  donor_display: z.string(),
  plots: z.array(PlotSchema),
});

export type Verification = z.output<typeof VerificationSchema>;

export function verifyCertificate(client: ApiClient, code: string): Promise<Verification> {
  return client.get(
    `/api/certificates/verify/?code=${encodeURIComponent(code)}`,
    VerificationSchema,
  );
}

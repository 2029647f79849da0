/** `GET /api/certificates/verify/?code=` (issue 8): whose a personal code is, and its plots. */
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

const PlotSchema = z.union([z.string(), z.object({ x: z.string(), y: z.number() })]);

const VerificationSchema = z.object({
  code: z.optional(z.string()),
  /** The name as the map shows it: the code itself for anonymous donors. */
  donor_display: z.optional(z.nullable(z.string())),
  plots: z.optional(z.array(PlotSchema)),
});

export interface Verification {
  donor: string | null;
  plots: string[];
}

export async function verifyCertificate(client: ApiClient, code: string): Promise<Verification> {
  const answer = await client.get(
    `/api/certificates/verify/?code=${encodeURIComponent(code)}`,
    VerificationSchema,
  );
  return {
    donor: answer.donor_display ?? null,
    plots: (answer.plots ?? []).map((plot) =>
      typeof plot === 'string' ? plot : `${plot.x}${plot.y}`,
    ),
  };
}

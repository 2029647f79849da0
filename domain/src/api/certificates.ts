/** Anyone can check a certificate by its personal code (the QR code's page, /verificar/:code). */
import * as z from 'zod/mini';
import { verifyCertificateQuerySchema } from '../donor-profile';
import { isLanguage, MESSAGES } from '../messages';
import { defineRoute } from './route';

export const verifyCertificate = defineRoute({
  method: 'GET',
  path: '/api/certificates/verify/',
  access: 'public',
  query: verifyCertificateQuerySchema,
  answer: z.object({
    code: z.string(),
    /**
     * The name as the map shows it: the personal code for anonymous donors; for a paper
     * certificate's code, what its plots show (null when they show no name).
     */
    donor_display: z.nullable(z.string()),
    plots: z.array(z.object({ code: z.string(), status: z.enum(['bought', 'reserved']) })),
  }),
});

/**
 * A shared link's preview image (`/verificar/<code>`'s `og:image`): 1200 x 630 PNG of the plan
 * with the certificate's plots marked and the name as the map shows it, in `lng` (es when none).
 */
export const shareImage = defineRoute({
  method: 'GET',
  path: '/api/certificates/share-image/',
  access: 'public',
  query: z.object({
    code: verifyCertificateQuerySchema.shape.code,
    lng: z.optional(
      z.string().check(z.refine((value) => isLanguage(value), { error: MESSAGES.languageUnknown })),
    ),
  }),
  answer: 'file',
});

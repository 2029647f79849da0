/**
 * The staff panel's writes (docs/api.md) as mutation hooks (`lib/api-mutation.ts`). A
 * correction of money or plots makes everything staff see stale (the ledger, the reservations,
 * the donors' pages): it is asked again before the write counts as done.
 */
import { type OfflinePaymentMethod, type RefundBody, type VoidBody } from '@parroquia/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useApiMutation, type ApiWriteCallbacks } from '@/lib/api-mutation';
import { queryKeys } from '@/lib/query-keys';
import { completeAtParish, extendReservation, releaseReservation } from './back-office-api';
import { removeDonorCommemoration } from './commemorations-api';
import { generateCodes, registerPhysicalCertificate, type PhysicalCertificate } from './staff-api';
import { refundCardGift, voidRegistration } from './staff-donors-api';

const everythingStaffSee = (uid: string | null): QueryKey[] => [queryKeys.staff(uid)];

/** What staff confirmed for one reservation's plots. */
export type ReservationChange =
  | { kind: OfflinePaymentMethod; plots: string[] }
  | { kind: 'extend'; plots: string[]; until: string; reason: string }
  | { kind: 'release'; plots: string[]; reason: string };

/** The rest paid at the parish, a later last day, or the plots given back. */
export function useReservationChange(callbacks?: ApiWriteCallbacks<ReservationChange, void>) {
  return useApiMutation(
    {
      call: async (client, change: ReservationChange, token) => {
        if (change.kind === 'extend') {
          const { plots, until, reason } = change;
          await extendReservation(client, { parcelas: plots, until, reason }, token);
        } else if (change.kind === 'release') {
          await releaseReservation(
            client,
            { parcelas: change.plots, reason: change.reason },
            token,
          );
        } else {
          await completeAtParish(client, change.plots, change.kind, token);
        }
      },
      invalidates: everythingStaffSee,
    },
    callbacks,
  );
}

/**
 * A registration made by mistake voided, or a card gift refunded in full or in part. A refund
 * only asks Stripe: nothing changes until its event is in, which the donor's page waits for by
 * asking again itself (`donor-page.tsx`), so the outcome shows at once.
 */
export type DonationCorrection = ({ kind: 'void' } & VoidBody) | ({ kind: 'refund' } & RefundBody);

export function useDonationCorrection(callbacks?: ApiWriteCallbacks<DonationCorrection, void>) {
  return useApiMutation(
    {
      call: async (client, correction: DonationCorrection, token) => {
        const { donation_id, reason } = correction;
        if (correction.kind === 'void') {
          await voidRegistration(client, { donation_id, reason }, token);
        } else {
          const { amount_cents } = correction;
          await refundCardGift(client, { donation_id, amount_cents, reason }, token);
        }
      },
      invalidates: (uid, correction) => (correction.kind === 'void' ? everythingStaffSee(uid) : []),
    },
    callbacks,
  );
}

/** A name taken off the list read at the altar, with the reason: the donor's names change. */
export function useCommemorationRemoval(donor: string) {
  return useApiMutation({
    call: (client, entry: { name: string; state: 'living' | 'departed'; reason: string }, token) =>
      removeDonorCommemoration(client, { id: donor, ...entry }, token),
    invalidates: (uid) => [queryKeys.donorCommemorations(uid, donor)],
  });
}

/** A gift at the parish registered under a certificate's code: plots and ledger change. */
export function useRegisterCertificate() {
  return useApiMutation({
    call: (client, body: PhysicalCertificate, token) =>
      registerPhysicalCertificate(client, body, token),
    invalidates: everythingStaffSee,
  });
}

/**
 * New certificate codes, as many as asked (for paper to print, or one for a gift with no
 * paper). Nothing on screen shows codes, so nothing is asked again.
 */
export function useGenerateCodes() {
  return useApiMutation({
    call: (client, count: number, token) => generateCodes(client, count, token),
  });
}

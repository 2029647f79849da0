/** The receipt of a card payment just applied (issue 19): one per Checkout Session. */
import { paymentReceipt } from '@parroquia/domain';
import type { DonorMailData, MailOutbox } from './ports';

export async function queuePaymentReceipt(
  data: DonorMailData,
  outbox: MailOutbox,
  sessionId: string,
  siteUrl: string,
): Promise<boolean> {
  const payment = await data.paidPayment(sessionId);
  if (!payment) return false;
  const donor = await data.recipient(payment.uid);
  if (!donor?.email) return false;
  const reservedUntil =
    payment.kind === 'reserve' && payment.plots[0]
      ? await data.reservedUntil(payment.plots[0], payment.uid)
      : null;
  const message = paymentReceipt({ ...donor, ...payment, reservedUntil, siteUrl });
  return outbox.queue(`receipt-${sessionId}`, donor.email, message);
}

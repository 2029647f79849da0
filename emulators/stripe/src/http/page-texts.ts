/**
 * The hosted page's words in the languages it is written in (`pageLanguage` picks one from the
 * session's `locale`). Romanian is in the polite form, as the parish's site (docs/screens.md).
 */
import type { PageLanguage } from '../checkout/locale.ts';

export interface PageTexts {
  /** `lang` of the page, and the locale its amounts are written in. */
  locale: string;
  title: string;
  heading: string;
  total: string;
  cardNumber: string;
  /** Asked when the session was made without `customer_email`, as Stripe does. */
  email: string;
  name: string;
  pay: (amount: string) => string;
  cancel: string;
  note: string;
  declined: string;
  invalid: string;
  closedTitle: string;
  alreadyPaid: string;
  unavailable: string;
}

export const PAGE_TEXTS: Readonly<Record<PageLanguage, PageTexts>> = {
  es: {
    locale: 'es-ES',
    title: 'Pago (Stripe de prueba)',
    heading: 'Pago de prueba',
    total: 'Total',
    cardNumber: 'Número de tarjeta',
    email: 'Correo electrónico',
    name: 'Nombre',
    pay: (amount) => `Pagar ${amount}`,
    cancel: 'Cancelar',
    note: 'Doble local de Stripe: 4242 4242 4242 4242 paga; 4000 0000 0000 0002 se rechaza.',
    declined: 'Tu tarjeta ha sido rechazada.',
    invalid: 'El número de tarjeta no es válido.',
    closedTitle: 'Pago',
    alreadyPaid: 'Este pago ya se ha completado.',
    unavailable: 'Esta sesión de pago ya no está disponible.',
  },
  en: {
    locale: 'en-GB',
    title: 'Payment (test Stripe)',
    heading: 'Test payment',
    total: 'Total',
    cardNumber: 'Card number',
    email: 'Email',
    name: 'Name',
    pay: (amount) => `Pay ${amount}`,
    cancel: 'Cancel',
    note: 'Local Stripe double: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
    declined: 'Your card was declined.',
    invalid: 'Your card number is invalid.',
    closedTitle: 'Payment',
    alreadyPaid: 'This payment has already been completed.',
    unavailable: 'This payment session is no longer available.',
  },
  ro: {
    locale: 'ro-RO',
    title: 'Plată (Stripe de test)',
    heading: 'Plată de test',
    total: 'Total',
    cardNumber: 'Numărul cardului',
    email: 'E-mail',
    name: 'Nume',
    pay: (amount) => `Plătiți ${amount}`,
    cancel: 'Anulați',
    note: 'Dublura locală Stripe: 4242 4242 4242 4242 plătește; 4000 0000 0000 0002 este refuzat.',
    declined: 'Cardul dumneavoastră a fost refuzat.',
    invalid: 'Numărul cardului nu este valid.',
    closedTitle: 'Plată',
    alreadyPaid: 'Această plată a fost deja efectuată.',
    unavailable: 'Această sesiune de plată nu mai este disponibilă.',
  },
};

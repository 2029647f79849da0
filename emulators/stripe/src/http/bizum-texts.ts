/**
 * The Bizum page's words and the method tabs', in the hosted page's languages (`page-texts.ts`
 * has the card page's). Romanian in the polite form, as the rest of the page.
 */
import type { PageLanguage } from '../checkout/locale.ts';

export interface BizumTexts {
  /** The tabs' names of each method the double shows. */
  methods: { card: string; bizum: string };
  methodsLabel: string;
  phone: string;
  phoneHint: string;
  next: string;
  confirmHeading: string;
  confirm: (amount: string, phone: string) => string;
  confirmed: string;
  back: string;
  phoneInvalid: string;
  declined: string;
  note: string;
}

export const BIZUM_TEXTS: Readonly<Record<PageLanguage, BizumTexts>> = {
  es: {
    methods: { card: 'Tarjeta', bizum: 'Bizum' },
    methodsLabel: 'Forma de pago',
    phone: 'Número de móvil de Bizum',
    phoneHint: 'El móvil con el que usas Bizum en tu banco.',
    next: 'Continuar',
    confirmHeading: 'Confirma el pago en la app de tu banco',
    confirm: (amount, phone) =>
      `Te hemos enviado una solicitud de ${amount} al móvil ${phone}. Ábrela en la app de tu banco y acéptala.`,
    confirmed: 'Ya lo he confirmado',
    back: 'Cambiar de móvil',
    phoneInvalid: 'Escribe un móvil español de 9 cifras que empiece por 6 o 7.',
    declined: 'Tu banco ha rechazado el pago con Bizum.',
    note: 'Doble local de Stripe: cualquier móvil 6xx o 7xx paga; 600 000 002 se rechaza.',
  },
  en: {
    methods: { card: 'Card', bizum: 'Bizum' },
    methodsLabel: 'Payment method',
    phone: 'Bizum mobile number',
    phoneHint: 'The mobile you use Bizum with at your bank.',
    next: 'Continue',
    confirmHeading: "Confirm the payment in your bank's app",
    confirm: (amount, phone) =>
      `We sent a request for ${amount} to the mobile ${phone}. Open it in your bank's app and accept it.`,
    confirmed: 'I have confirmed it',
    back: 'Change mobile',
    phoneInvalid: 'Enter a 9-digit Spanish mobile starting with 6 or 7.',
    declined: 'Your bank declined the Bizum payment.',
    note: 'Local Stripe double: any 6xx or 7xx mobile pays; 600 000 002 is declined.',
  },
  ro: {
    methods: { card: 'Card', bizum: 'Bizum' },
    methodsLabel: 'Metoda de plată',
    phone: 'Numărul de mobil Bizum',
    phoneHint: 'Mobilul cu care folosiți Bizum la banca dumneavoastră.',
    next: 'Continuați',
    confirmHeading: 'Confirmați plata în aplicația băncii',
    confirm: (amount, phone) =>
      `V-am trimis o cerere de ${amount} pe mobilul ${phone}. Deschideți-o în aplicația băncii și acceptați-o.`,
    confirmed: 'Am confirmat',
    back: 'Schimbați mobilul',
    phoneInvalid: 'Introduceți un mobil spaniol de 9 cifre care începe cu 6 sau 7.',
    declined: 'Banca dumneavoastră a refuzat plata cu Bizum.',
    note: 'Dublura locală Stripe: orice mobil 6xx sau 7xx plătește; 600 000 002 este refuzat.',
  },
};

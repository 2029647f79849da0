/**
 * The API's own error texts (docs/api.md has none for these cases), one catalogue per language
 * with the Spanish one's shape. Handlers throw the Spanish text (`API_MESSAGES`); `translate.ts`
 * answers it in the caller's language.
 */
import type { CatalogueOf, Language } from '@parroquia/domain';

const es = {
  notFound: 'Ruta no encontrada.',
  methodNotAllowed: 'Método no permitido.',
  signInRequired: 'Inicia sesión para continuar.',
  sessionInvalid: 'La sesión no es válida o ha caducado. Inicia sesión de nuevo.',
  staffOnly: 'Solo el personal de la parroquia puede hacer esto.',
  bodyTooLarge: 'La petición es demasiado grande.',
  bodyNotJson: 'El cuerpo de la petición no es JSON válido.',
  requestUnreadable: 'No se ha podido leer la petición.',
  internal: 'Error interno del servidor.',
  notYourReservation: 'Solo puedes completar tus propias reservas.',
  checkoutUnavailable: 'No se ha podido iniciar el pago. Inténtalo de nuevo en unos minutos.',
  stripeSignatureInvalid: 'Firma de Stripe no válida.',
  /** A refused input: the schema's message and the field it is about. */
  signInAgainToErase:
    'Para borrar tu cuenta, vuelve a iniciar sesión (con tu contraseña o tu proveedor) y confírmalo en los cinco minutos siguientes.',
  erasureWhilePaying:
    'Tienes un pago con tarjeta sin terminar. Termínalo o cancélalo (o espera 30 minutos) antes de borrar tu cuenta.',
  invalidField: (message: string, field: string) => `${message} (campo: ${field})`,
} as const;

export type ApiMessages = CatalogueOf<typeof es>;

const en: ApiMessages = {
  notFound: 'Route not found.',
  methodNotAllowed: 'Method not allowed.',
  signInRequired: 'Sign in to continue.',
  sessionInvalid: 'The session is not valid or has expired. Sign in again.',
  staffOnly: 'Only parish staff can do this.',
  bodyTooLarge: 'The request is too large.',
  bodyNotJson: 'The request body is not valid JSON.',
  requestUnreadable: 'The request could not be read.',
  internal: 'Internal server error.',
  notYourReservation: 'You can only complete your own reservations.',
  checkoutUnavailable: 'The payment could not be started. Try again in a few minutes.',
  stripeSignatureInvalid: 'Invalid Stripe signature.',
  signInAgainToErase:
    'To erase your account, sign in again (with your password or your provider) and confirm within five minutes.',
  erasureWhilePaying:
    'You have an unfinished card payment. Finish or cancel it (or wait 30 minutes) before erasing your account.',
  invalidField: (message, field) => `${message} (field: ${field})`,
};

const ro: ApiMessages = {
  notFound: 'Ruta nu a fost găsită.',
  methodNotAllowed: 'Metoda nu este permisă.',
  signInRequired: 'Autentificați-vă pentru a continua.',
  sessionInvalid: 'Sesiunea nu este validă sau a expirat. Autentificați-vă din nou.',
  staffOnly: 'Doar personalul parohiei poate face acest lucru.',
  bodyTooLarge: 'Cererea este prea mare.',
  bodyNotJson: 'Corpul cererii nu este JSON valid.',
  requestUnreadable: 'Cererea nu a putut fi citită.',
  internal: 'Eroare internă a serverului.',
  notYourReservation: 'Puteți finaliza doar propriile rezervări.',
  checkoutUnavailable: 'Plata nu a putut fi inițiată. Încercați din nou în câteva minute.',
  stripeSignatureInvalid: 'Semnătură Stripe nevalidă.',
  signInAgainToErase:
    'Pentru a vă șterge contul, autentificați-vă din nou (cu parola sau cu furnizorul dumneavoastră) și confirmați în următoarele cinci minute.',
  erasureWhilePaying:
    'Aveți o plată cu cardul neterminată. Finalizați-o sau anulați-o (ori așteptați 30 de minute) înainte de a vă șterge contul.',
  invalidField: (message, field) => `${message} (câmp: ${field})`,
};

export const API_MESSAGES_BY_LANGUAGE: Readonly<Record<Language, ApiMessages>> = { es, en, ro };

/** The Spanish texts, which every layer of the API throws. */
export const API_MESSAGES = es;

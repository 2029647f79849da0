/**
 * The texts users see for refused input, one catalogue per language of the site (es, en, ro).
 *
 * The domain hands out the Spanish texts (`MESSAGES`): the web shows them as they are, and the API
 * translates them for the caller at its edge (`functions/src/api/translate.ts`), so no rule here
 * needs to know who is asking. The Spanish texts of docs/api.md are kept word for word; the
 * others fill gaps the specification leaves.
 *
 * Adding a text: add its key to `es`, then to `en` and `ro` (TypeScript refuses a catalogue that
 * lacks a key or has one too many). A text with values is a function; its English and Romanian
 * versions take the same parameters.
 */

/** The site's languages (docs/product.md); Spanish is the default and fallback. */
export const LANGUAGES = ['es', 'en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A text, or a text made from values; the same parameters in every language. */
export type MessageText = string | ((...values: never[]) => string);

/**
 * The shape every language's catalogue must have: the keys of the Spanish one, each a string or
 * a function of the same parameters.
 */
export type CatalogueOf<Spanish extends Record<string, MessageText>> = {
  readonly [Key in keyof Spanish]: Spanish[Key] extends (...values: infer P) => string
    ? (...values: P) => string
    : string;
};

const es = {
  certificateDownloadFailed: 'Error al descargar el certificado',
  certificateCountInvalid: 'Introduce un número válido (entre 1 y 250).',
  physicalCertificateIncomplete: 'Rellena todos los campos y selecciona al menos una parcela.',
  plotNotAvailable: 'Alguna parcela no está disponible',
  // Not in docs/api.md:
  selectionEmpty: 'Selecciona al menos una parcela.',
  selectionMalformed: 'La selección de parcelas no es válida.',
  selectionTooLarge: (max: number) => `No se pueden seleccionar más de ${max} parcelas a la vez.`,
  plotInvalid: (what: string) => `Parcela no válida: ${what}.`,
  plotRepeated: (code: string) => `Parcela repetida: ${code}.`,
  emailInvalid: 'El correo electrónico no es válido.',
  signUpLinkExpired:
    'Este enlace ya no vale: se usó ya o pasaron más de 3 días. Si tu cuenta ya está confirmada, ' +
    'entra con tu correo y tu contraseña; si no, vuelve a crearla.',
  cashLimitExceeded: 'Los pagos en efectivo no pueden superar 999,99 € al mes por donante.',
  // Donor accounts (issue 8). 'No tienes ninguna parcela comprada' and 'Error al vincular el
  // código' are docs/api.md's; the rest fill gaps.
  noPlotsBought: 'No tienes ninguna parcela comprada',
  linkCodeFailed: 'Error al vincular el código',
  privacyPolicyRequired: 'Acepta la política de privacidad para continuar.',
  privacyPolicyMustBeAccepted: 'Debes aceptar la política de privacidad.',
  nameNotText: 'El nombre debe ser un texto.',
  nameEmpty: 'El nombre no puede estar vacío.',
  nameTooLong: (max: number) => `El nombre no puede tener más de ${max} caracteres.`,
  nameControlCharacters: 'El nombre contiene caracteres no permitidos.',
  anonymousNotBoolean: 'La opción de donante anónimo debe ser verdadero o falso.',
  languageUnknown: 'El idioma debe ser es, en o ro.',
  profileChangeEmpty: 'No hay nada que cambiar: envía el nombre o la opción de donante anónimo.',
  subjectMissing: 'Falta el identificador de la cuenta (sub).',
  subjectMismatch: 'Los datos no corresponden a la sesión iniciada.',
  emailNotText: 'El correo electrónico debe ser un texto.',
  codeMissing: 'Escribe el código.',
  codeMalformed: 'El código debe tener 8 letras o números.',
  certificateCodeUnknown: 'Ese código no existe. Revisa que esté bien escrito.',
  certificateCodeNotRegistered:
    'Ese código todavía no tiene parcelas registradas. Consulta con la parroquia.',
  certificateCodeAlreadyLinked: 'Ese código ya está vinculado a otra cuenta.',
  certificateCodeLinkedToYou: 'Ese código ya está vinculado a tu cuenta.',
  certificateCodePlotsGone:
    'Las parcelas de ese código ya no están registradas a su nombre. Consulta con la parroquia.',
  donorCodeUnknown: 'Ese código no corresponde a ningún donante.',
  nameUnprintable: (characters: string) =>
    `El certificado no puede imprimir estos caracteres del nombre: ${characters}. Cambia el nombre en tu perfil.`,
  tooManyAttempts: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
  // Staff (issue 11).
  cashLimitReached: (givenThisMonth: string, stillAllowed: string) =>
    `Los pagos en efectivo no pueden superar 999,99 € al mes por donante. Este donante ya ha ` +
    `entregado ${givenThisMonth} en efectivo este mes; aún puede entregar ${stillAllowed}.`,
  paymentMethodInvalid: 'La forma de pago debe ser efectivo o transferencia.',
  certificateCodeUsed: 'El código del certificado ya está vinculado.',
  plotUnknown: (code: string) => `La parcela ${code} no existe en el plano.`,
  ledgerRangeInvalid:
    'Las fechas deben tener el formato AAAA-MM-DD y "desde" no puede ser posterior a "hasta".',
  ledgerMethodInvalid: 'La forma de pago debe ser tarjeta, efectivo o transferencia.',
  closeMonthInvalid: 'El mes debe escribirse como AAAA-MM, entre 2020 y 2100.',
  ledgerKindInvalid: 'El tipo debe ser compra, reserva, pago del resto, reembolso o anulación.',
  ledgerSearchInvalid: (max: number) =>
    `La búsqueda debe ser un texto de como mucho ${max} caracteres, sin caracteres de control.`,
  ledgerCursorInvalid: 'Esa página de la lista ya no existe: vuelve a la primera.',
  // Money and privacy (issue 17).
  tooManyPlotsHeld: (max: number) =>
    `Puedes tener como máximo ${max} parcelas a la vez en pagos sin terminar. Termina o cancela ` +
    `esos pagos antes de empezar otro.`,
  // Holding plots needs a proven address (docs/product.md, "Holds").
  addressUnprovenToHold:
    'Para comprar o reservar parcelas, confirma antes tu correo: abre el enlace que te enviamos ' +
    'al crear la cuenta. Si no lo encuentras (mira también en correo no deseado), cierra la ' +
    'sesión y vuelve a entrar: te enviaremos otro.',
  checkoutReferenceInvalid: 'La referencia del pago no es válida.',
  checkoutUnknown: 'No hay ningún pago tuyo con esa referencia.',
  checkoutAlreadyPaid: 'Ese pago ya se ha completado: tus parcelas están pagadas.',
  userNotFound: 'Usuario no encontrado.',
  // The back office's money operations (issue 28).
  reservationNotHeld: (code: string) => `La parcela ${code} no está reservada por ese donante.`,
  reservationInCheckout: (code: string) =>
    `La parcela ${code} está en un pago con tarjeta sin terminar: espera a que termine.`,
  reservationExtensionInvalid: (max: number) =>
    `El nuevo plazo debe ser posterior al actual y como mucho ${max} días después de él.`,
  reservationExtensionPastCeiling: (max: number, day: string) =>
    `Todas las ampliaciones juntas llegan como mucho a ${max} días después del primer plazo de ` +
    `la reserva: como mucho hasta el ${day}.`,
  reasonRequired: 'Indica el motivo.',
  reasonInvalid: (max: number) =>
    `El motivo debe ser un texto de como mucho ${max} caracteres, sin caracteres de control.`,
  deadlineInvalid: 'El nuevo último día debe ser una fecha AAAA-MM-DD.',
  donationUnknown: 'No hay ningún donativo con esa referencia.',
  registrationNotVoidable: 'Solo se puede anular un registro de efectivo o transferencia.',
  registrationAlreadyVoided: 'Ese registro ya está anulado.',
  staffActionKindInvalid: 'Ese tipo de acción no existe.',
  staffActionsCursorInvalid: 'La página pedida no es válida. Vuelve a cargar la lista.',
  // Payment methods staff turn on (docs/product.md, "Bizum and wallets").
  paymentMethodsMalformed: 'Los métodos de pago deben ser una lista de nombres.',
  paymentMethodDelayed:
    'El adeudo SEPA no se puede activar: el dinero llega días después y las parcelas no pueden ' +
    'esperar retenidas tanto tiempo.',
  paymentMethodUnknown: (name: string) => `Método de pago desconocido: ${name}.`,
  paymentMethodsWithoutCard:
    'La tarjeta no se puede desactivar: es el método que todos pueden usar.',
  filledCertificateNothingRegistered:
    'Ese código no tiene ningún donativo registrado: no hay nada que imprimir.',
  cashLimitOnLink:
    'Vincular este código superaría el límite legal de 999,99 € en efectivo al mes para una ' +
    'misma persona. Consulta con la parroquia.',
  // The donors' pages and refunds staff ask for (issue 32, parts 3 and 6).
  refundNotCard: 'Solo se puede devolver un donativo con tarjeta.',
  refundAmountInvalid: (left: string) =>
    `El importe a devolver debe ser mayor que 0 y como mucho lo que queda por devolver: ${left}.`,
  refundAmountMalformed: 'El importe a devolver debe ser un número entero de céntimos mayor que 0.',
  refundNothingLeft: 'Ese donativo ya está devuelto entero.',
  refundRefused: 'La pasarela de pago no aceptó la devolución; no se ha devuelto nada.',
  donorUnknown: 'No hay ningún donante con esa referencia.',
  donorSearchInvalid: 'Escribe entre 2 y 100 caracteres: nombre, correo, código o parcela.',
  // My donations (issue 30).
  ownDonationUnknown: 'No hay ningún donativo tuyo con esa referencia.',
  statementYearInvalid: 'El año debe ser un número de cuatro cifras, como 2026.',
  statementYearEmpty: (year: number) =>
    `No tienes ningún donativo en ${year}: no hay extracto que descargar.`,
  // The names donors ask prayers for (issue 30, item 3).
  commemorationsNotList: 'La lista de nombres para recordar no es válida.',
  commemorationNotListed: 'Ese nombre ya no está en la lista de ese donante.',
  commemorationsNeedGift:
    'Los nombres para recordar en la oración los dan los donantes: podrás darlos en cuanto ' +
    'tengas una parcela comprada o reservada.',
  commemorationsTooMany: (max: number) => `Puedes dar como máximo ${max} nombres para recordar.`,
  commemorationStateUnknown: 'Indica si la persona está viva o es difunta.',
  commemorationOnCertificateNotBoolean:
    'La opción de imprimir los nombres en el certificado debe ser verdadero o falso.',
  commemorationNameRefused: (position: string, reason: string) =>
    `Nombre n.º ${position}: ${reason}`,
  commemorationNameUnprintable: (characters: string) =>
    `No se pueden imprimir estos caracteres: ${characters}.`,
  // E-mail sign-up through the API (issue 30): Firebase Auth's own rule for a password.
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres.',
  passwordTooLong: 'La contraseña es demasiado larga.',
  returnPathInvalid: 'La página a la que volver no es válida.',
  // Payment links: someone else pays for the donor (payment-link.ts).
  paymentLinkKindInvalid:
    'Elige qué pagará el enlace: lo que queda de una reserva o parcelas para comprar.',
  paymentLinksTooManyOpen: (max: number) =>
    `Ya tienes ${max} enlaces de pago abiertos. Espera a que los paguen o caduquen.`,
  paymentLinksTooManyToday: (max: number) =>
    `Hoy ya has creado ${max} enlaces de pago. Inténtalo de nuevo mañana.`,
  paymentLinkNotYourReservation: (code: string) =>
    `La parcela ${code} no es una reserva tuya vigente.`,
  paymentLinkPlotNotFree: (code: string) => `La parcela ${code} ya no está libre.`,
  paymentLinkTokenInvalid: 'Ese enlace de pago no es válido.',
  paymentLinkUnknown: 'Ese enlace de pago no existe.',
  paymentLinkPaid: 'Este enlace ya está pagado. ¡Gracias!',
  paymentLinkExpired: 'Este enlace de pago ha caducado. Pide uno nuevo a quien te lo envió.',
  paymentLinkCancelled: 'Este enlace de pago se ha anulado.',
  paymentLinkPlotsChanged:
    'Alguna parcela del enlace ya no se puede pagar. Revisa lo que queda y vuelve a intentarlo.',
} as const;

export type DomainMessages = CatalogueOf<typeof es>;

const en: DomainMessages = {
  certificateDownloadFailed: 'Could not download the certificate',
  certificateCountInvalid: 'Enter a valid number (between 1 and 250).',
  physicalCertificateIncomplete: 'Fill in every field and select at least one plot.',
  plotNotAvailable: 'Some plot is not available',
  selectionEmpty: 'Select at least one plot.',
  selectionMalformed: 'The plot selection is not valid.',
  selectionTooLarge: (max) => `You cannot select more than ${max} plots at once.`,
  plotInvalid: (what) => `Invalid plot: ${what}.`,
  plotRepeated: (code) => `Repeated plot: ${code}.`,
  emailInvalid: 'The e-mail address is not valid.',
  signUpLinkExpired:
    'This link no longer works: it was used already or more than 3 days have passed. If your ' +
    'account is confirmed, log in with your e-mail and password; if not, create it again.',
  cashLimitExceeded: 'Cash payments cannot exceed €999.99 a month per donor.',
  noPlotsBought: 'You have no purchased plots',
  linkCodeFailed: 'Could not link the code',
  privacyPolicyRequired: 'Accept the privacy policy to continue.',
  privacyPolicyMustBeAccepted: 'You must accept the privacy policy.',
  nameNotText: 'The name must be text.',
  nameEmpty: 'The name cannot be empty.',
  nameTooLong: (max) => `The name cannot be longer than ${max} characters.`,
  nameControlCharacters: 'The name contains characters that are not allowed.',
  anonymousNotBoolean: 'The anonymous donor option must be true or false.',
  languageUnknown: 'The language must be es, en or ro.',
  profileChangeEmpty: 'Nothing to change: send the name or the anonymous donor option.',
  subjectMissing: 'The account identifier (sub) is missing.',
  subjectMismatch: 'The data does not match the signed-in session.',
  emailNotText: 'The e-mail address must be text.',
  codeMissing: 'Enter the code.',
  codeMalformed: 'The code must have 8 letters or digits.',
  certificateCodeUnknown: 'That code does not exist. Check that it is spelt correctly.',
  certificateCodeNotRegistered: 'That code has no plots registered yet. Please ask the parish.',
  certificateCodeAlreadyLinked: 'That code is already linked to another account.',
  certificateCodeLinkedToYou: 'That code is already linked to your account.',
  certificateCodePlotsGone:
    "That code's plots are no longer registered to its name. Please ask the parish.",
  donorCodeUnknown: 'That code does not belong to any donor.',
  nameUnprintable: (characters) =>
    `The certificate cannot print these characters of the name: ${characters}. Change the name in your profile.`,
  tooManyAttempts: 'Too many attempts. Wait a minute and try again.',
  cashLimitReached: (givenThisMonth, stillAllowed) =>
    `Cash payments cannot exceed €999.99 a month per donor. This donor has already given ` +
    `${givenThisMonth} in cash this month; they can still give ${stillAllowed}.`,
  paymentMethodInvalid: 'The payment method must be cash or transfer.',
  certificateCodeUsed: 'The certificate code is already linked.',
  plotUnknown: (code) => `Plot ${code} does not exist on the plan.`,
  ledgerRangeInvalid: 'Dates must have the format YYYY-MM-DD and "from" cannot be later than "to".',
  ledgerMethodInvalid: 'The way of paying must be card, cash or transfer.',
  closeMonthInvalid: 'The month must be written as YYYY-MM, between 2020 and 2100.',
  ledgerKindInvalid: 'The kind must be purchase, reservation, rest paid, refund or void.',
  ledgerSearchInvalid: (max) =>
    `The search must be a text of at most ${max} characters, without control characters.`,
  ledgerCursorInvalid: 'That page of the list no longer exists: go back to the first one.',
  tooManyPlotsHeld: (max) =>
    `You can have at most ${max} plots at a time in unfinished payments. Finish or cancel ` +
    `those payments before starting another.`,
  addressUnprovenToHold:
    'To buy or reserve plots, first confirm your e-mail: open the link we sent you when you ' +
    'created the account. If you cannot find it (look in your spam folder too), sign out and ' +
    'sign in again: we will send you another.',
  checkoutReferenceInvalid: 'The payment reference is not valid.',
  checkoutUnknown: 'You have no payment with that reference.',
  checkoutAlreadyPaid: 'That payment has already been completed: your plots are paid for.',
  userNotFound: 'User not found.',
  reservationNotHeld: (code) => `Plot ${code} is not reserved by that donor.`,
  reservationInCheckout: (code) =>
    `Plot ${code} is in an unfinished card payment: wait until it ends.`,
  reservationExtensionInvalid: (max) =>
    `The new deadline must be later than the current one and at most ${max} days after it.`,
  reservationExtensionPastCeiling: (max, day) =>
    `All extensions together reach at most ${max} days past the reservation's first ` +
    `deadline: until ${day} at the latest.`,
  reasonRequired: 'Give the reason.',
  reasonInvalid: (max) =>
    `The reason must be a text of at most ${max} characters, without control characters.`,
  deadlineInvalid: 'The new last day must be a date YYYY-MM-DD.',
  donationUnknown: 'There is no donation with that reference.',
  registrationNotVoidable: 'Only a cash or transfer registration can be voided.',
  registrationAlreadyVoided: 'That registration is already voided.',
  staffActionKindInvalid: 'That kind of action does not exist.',
  staffActionsCursorInvalid: 'The page asked for is not valid. Load the list again.',
  paymentMethodsMalformed: 'The payment methods must be a list of names.',
  paymentMethodDelayed:
    'SEPA debit cannot be turned on: the money arrives days later and plots cannot stay held ' +
    'that long.',
  paymentMethodUnknown: (name) => `Unknown payment method: ${name}.`,
  paymentMethodsWithoutCard: 'Card cannot be turned off: it is the method everyone can use.',
  filledCertificateNothingRegistered:
    'That code has no gift registered: there is nothing to print.',
  cashLimitOnLink:
    'Linking this code would take one person past the legal limit of €999.99 in cash per ' +
    'month. Please ask the parish.',
  refundNotCard: 'Only a card donation can be refunded.',
  refundAmountInvalid: (left) =>
    `The amount to refund must be more than 0 and at most what is left to refund: ${left}.`,
  refundAmountMalformed: 'The amount to refund must be a whole number of cents above 0.',
  refundNothingLeft: 'That donation is already refunded in full.',
  refundRefused: 'The payment gateway did not accept the refund; nothing was refunded.',
  donorUnknown: 'There is no donor with that reference.',
  donorSearchInvalid: 'Type 2 to 100 characters: a name, e-mail, code or plot.',
  ownDonationUnknown: 'You have no donation with that reference.',
  statementYearInvalid: 'The year must be a four-digit number, such as 2026.',
  statementYearEmpty: (year) =>
    `You made no donation in ${year}: there is no statement to download.`,
  commemorationsNotList: 'The list of names to remember is not valid.',
  commemorationNotListed: "That name is no longer on that donor's list.",
  commemorationsNeedGift:
    'Names to remember in prayer are given by donors: you can give them as soon as you have a ' +
    'plot bought or reserved.',
  commemorationsTooMany: (max) => `You can give at most ${max} names to remember.`,
  commemorationStateUnknown: 'Say whether the person is living or departed.',
  commemorationOnCertificateNotBoolean:
    'The option to print the names on the certificate must be true or false.',
  commemorationNameRefused: (position, reason) => `Name no. ${position}: ${reason}`,
  commemorationNameUnprintable: (characters) =>
    `These characters cannot be printed: ${characters}.`,
  passwordTooShort: 'The password must be at least 6 characters long.',
  passwordTooLong: 'The password is too long.',
  returnPathInvalid: 'The page to go back to is not valid.',
  paymentLinkKindInvalid: 'Choose what the link pays: the rest of a reservation or plots to buy.',
  paymentLinksTooManyOpen: (max) =>
    `You already have ${max} open payment links. Wait until they are paid or expire.`,
  paymentLinksTooManyToday: (max) =>
    `You have already made ${max} payment links today. Try again tomorrow.`,
  paymentLinkNotYourReservation: (code) => `Plot ${code} is not a live reservation of yours.`,
  paymentLinkPlotNotFree: (code) => `Plot ${code} is no longer free.`,
  paymentLinkTokenInvalid: 'That payment link is not valid.',
  paymentLinkUnknown: 'That payment link does not exist.',
  paymentLinkPaid: 'This link has already been paid. Thank you!',
  paymentLinkExpired: 'This payment link has expired. Ask whoever sent it for a new one.',
  paymentLinkCancelled: 'This payment link has been cancelled.',
  paymentLinkPlotsChanged:
    'Some plot of the link can no longer be paid. Check what is left and try again.',
};

const ro: DomainMessages = {
  certificateDownloadFailed: 'Eroare la descărcarea certificatului',
  certificateCountInvalid: 'Introduceți un număr valid (între 1 și 250).',
  physicalCertificateIncomplete: 'Completați toate câmpurile și selectați cel puțin o parcelă.',
  plotNotAvailable: 'O parcelă nu este disponibilă',
  selectionEmpty: 'Selectați cel puțin o parcelă.',
  selectionMalformed: 'Selecția de parcele nu este validă.',
  selectionTooLarge: (max) => `Nu se pot selecta mai mult de ${max} parcele deodată.`,
  plotInvalid: (what) => `Parcelă nevalidă: ${what}.`,
  plotRepeated: (code) => `Parcelă repetată: ${code}.`,
  emailInvalid: 'Adresa de e-mail nu este validă.',
  signUpLinkExpired:
    'Acest link nu mai este valabil: a fost deja folosit sau au trecut mai mult de 3 zile. Dacă ' +
    'contul este confirmat, intrați cu adresa de e-mail și parola; dacă nu, creați-l din nou.',
  cashLimitExceeded: 'Plățile în numerar nu pot depăși 999,99 € pe lună pentru fiecare donator.',
  noPlotsBought: 'Nu aveți nicio parcelă cumpărată',
  linkCodeFailed: 'Eroare la asocierea codului',
  privacyPolicyRequired: 'Acceptați politica de confidențialitate pentru a continua.',
  privacyPolicyMustBeAccepted: 'Trebuie să acceptați politica de confidențialitate.',
  nameNotText: 'Numele trebuie să fie un text.',
  nameEmpty: 'Numele nu poate fi gol.',
  nameTooLong: (max) => `Numele nu poate avea mai mult de ${max} de caractere.`,
  nameControlCharacters: 'Numele conține caractere nepermise.',
  anonymousNotBoolean: 'Opțiunea de donator anonim trebuie să fie adevărat sau fals.',
  languageUnknown: 'Limba trebuie să fie es, en sau ro.',
  profileChangeEmpty: 'Nu este nimic de schimbat: trimiteți numele sau opțiunea de donator anonim.',
  subjectMissing: 'Lipsește identificatorul contului (sub).',
  subjectMismatch: 'Datele nu corespund sesiunii deschise.',
  emailNotText: 'Adresa de e-mail trebuie să fie un text.',
  codeMissing: 'Scrieți codul.',
  codeMalformed: 'Codul trebuie să aibă 8 litere sau cifre.',
  certificateCodeUnknown: 'Acest cod nu există. Verificați dacă este scris corect.',
  certificateCodeNotRegistered: 'Acest cod nu are încă parcele înregistrate. Întrebați la parohie.',
  certificateCodeAlreadyLinked: 'Acest cod este deja asociat altui cont.',
  certificateCodeLinkedToYou: 'Acest cod este deja asociat contului dumneavoastră.',
  certificateCodePlotsGone:
    'Parcelele acestui cod nu mai sunt înregistrate pe numele său. Întrebați la parohie.',
  donorCodeUnknown: 'Acest cod nu aparține niciunui donator.',
  nameUnprintable: (characters) =>
    `Certificatul nu poate tipări aceste caractere ale numelui: ${characters}. Schimbați numele în profil.`,
  tooManyAttempts: 'Prea multe încercări. Așteptați un minut și încercați din nou.',
  cashLimitReached: (givenThisMonth, stillAllowed) =>
    `Plățile în numerar nu pot depăși 999,99 € pe lună pentru fiecare donator. Acest donator a ` +
    `dat deja ${givenThisMonth} în numerar luna aceasta; mai poate da ${stillAllowed}.`,
  paymentMethodInvalid: 'Metoda de plată trebuie să fie numerar sau transfer.',
  certificateCodeUsed: 'Codul certificatului este deja asociat.',
  plotUnknown: (code) => `Parcela ${code} nu există pe plan.`,
  ledgerRangeInvalid:
    'Datele trebuie să aibă formatul AAAA-LL-ZZ, iar „de la” nu poate fi după „până la”.',
  ledgerMethodInvalid: 'Modalitatea de plată trebuie să fie card, numerar sau transfer.',
  closeMonthInvalid: 'Luna trebuie scrisă ca AAAA-LL, între 2020 și 2100.',
  ledgerKindInvalid:
    'Tipul trebuie să fie cumpărare, rezervare, rest plătit, rambursare sau anulare.',
  ledgerSearchInvalid: (max) =>
    `Căutarea trebuie să fie un text de cel mult ${max} de caractere, fără caractere de control.`,
  ledgerCursorInvalid: 'Acea pagină a listei nu mai există: reveniți la prima.',
  tooManyPlotsHeld: (max) =>
    `Puteți avea cel mult ${max} parcele în același timp în plăți neterminate. Finalizați sau ` +
    `anulați acele plăți înainte de a începe alta.`,
  addressUnprovenToHold:
    'Pentru a cumpăra sau a rezerva parcele, confirmați mai întâi adresa de e-mail: deschideți ' +
    'linkul pe care vi l-am trimis la crearea contului. Dacă nu îl găsiți (căutați și în ' +
    'folderul de spam), deconectați-vă și conectați-vă din nou: vă vom trimite altul.',
  checkoutReferenceInvalid: 'Referința plății nu este validă.',
  checkoutUnknown: 'Nu aveți nicio plată cu această referință.',
  checkoutAlreadyPaid:
    'Această plată a fost deja finalizată: parcelele dumneavoastră sunt plătite.',
  userNotFound: 'Utilizatorul nu a fost găsit.',
  reservationNotHeld: (code) => `Parcela ${code} nu este rezervată de acel donator.`,
  reservationInCheckout: (code) =>
    `Parcela ${code} este într-o plată cu cardul neterminată: așteptați să se încheie.`,
  reservationExtensionInvalid: (max) =>
    `Noul termen trebuie să fie după cel actual și cel mult cu ${max} de zile după acesta.`,
  reservationExtensionPastCeiling: (max, day) =>
    `Toate prelungirile împreună ajung cel mult la ${max} de zile după primul termen al ` +
    `rezervării: cel târziu până la ${day}.`,
  reasonRequired: 'Indicați motivul.',
  reasonInvalid: (max) =>
    `Motivul trebuie să fie un text de cel mult ${max} de caractere, fără caractere de control.`,
  deadlineInvalid: 'Noua ultimă zi trebuie să fie o dată AAAA-LL-ZZ.',
  donationUnknown: 'Nu există nicio donație cu această referință.',
  registrationNotVoidable: 'Se poate anula doar o înregistrare în numerar sau prin transfer.',
  registrationAlreadyVoided: 'Această înregistrare este deja anulată.',
  staffActionKindInvalid: 'Acest tip de acțiune nu există.',
  staffActionsCursorInvalid: 'Pagina cerută nu este validă. Reîncărcați lista.',
  paymentMethodsMalformed: 'Metodele de plată trebuie să fie o listă de nume.',
  paymentMethodDelayed:
    'Debitarea directă SEPA nu poate fi activată: banii sosesc după câteva zile, iar parcelele ' +
    'nu pot rămâne reținute atât de mult.',
  paymentMethodUnknown: (name) => `Metodă de plată necunoscută: ${name}.`,
  paymentMethodsWithoutCard:
    'Cardul nu poate fi dezactivat: este metoda pe care o poate folosi oricine.',
  filledCertificateNothingRegistered:
    'Acest cod nu are nicio donație înregistrată: nu este nimic de tipărit.',
  cashLimitOnLink:
    'Asocierea acestui cod ar depăși limita legală de 999,99 € în numerar pe lună pentru ' +
    'aceeași persoană. Întrebați la parohie.',
  refundNotCard: 'Se poate rambursa doar o donație cu cardul.',
  refundAmountInvalid: (left) =>
    `Suma de rambursat trebuie să fie mai mare decât 0 și cel mult cât a rămas de rambursat: ${left}.`,
  refundAmountMalformed:
    'Suma de rambursat trebuie să fie un număr întreg de cenți mai mare decât 0.',
  refundNothingLeft: 'Această donație este deja rambursată integral.',
  refundRefused: 'Procesatorul de plăți nu a acceptat rambursarea; nu s-a rambursat nimic.',
  donorUnknown: 'Nu există niciun donator cu această referință.',
  donorSearchInvalid:
    'Scrieți între 2 și 100 de caractere: un nume, un e-mail, un cod sau o parcelă.',
  ownDonationUnknown: 'Nu aveți nicio donație cu această referință.',
  statementYearInvalid: 'Anul trebuie să fie un număr de patru cifre, de exemplu 2026.',
  statementYearEmpty: (year) =>
    `Nu ați făcut nicio donație în ${year}: nu există niciun extras de descărcat.`,
  commemorationsNotList: 'Lista numelor de pomenit nu este validă.',
  commemorationNotListed: 'Acel nume nu mai este pe lista acelui donator.',
  commemorationsNeedGift:
    'Numele de pomenit în rugăciune le dau donatorii: le veți putea da de îndată ce aveți o ' +
    'parcelă cumpărată sau rezervată.',
  commemorationsTooMany: (max) => `Puteți da cel mult ${max} de nume de pomenit.`,
  commemorationStateUnknown: 'Indicați dacă persoana este vie sau adormită.',
  commemorationOnCertificateNotBoolean:
    'Opțiunea de a tipări numele pe certificat trebuie să fie adevărat sau fals.',
  commemorationNameRefused: (position, reason) => `Numele nr. ${position}: ${reason}`,
  commemorationNameUnprintable: (characters) =>
    `Aceste caractere nu pot fi tipărite: ${characters}.`,
  passwordTooShort: 'Parola trebuie să aibă cel puțin 6 caractere.',
  passwordTooLong: 'Parola este prea lungă.',
  returnPathInvalid: 'Pagina la care să reveniți nu este validă.',
  paymentLinkKindInvalid:
    'Alegeți ce plătește linkul: restul unei rezervări sau parcele de cumpărat.',
  paymentLinksTooManyOpen: (max) =>
    `Aveți deja ${max} linkuri de plată deschise. Așteptați să fie plătite sau să expire.`,
  paymentLinksTooManyToday: (max) =>
    `Ați creat deja ${max} linkuri de plată astăzi. Încercați din nou mâine.`,
  paymentLinkNotYourReservation: (code) =>
    `Parcela ${code} nu este o rezervare valabilă a dumneavoastră.`,
  paymentLinkPlotNotFree: (code) => `Parcela ${code} nu mai este liberă.`,
  paymentLinkTokenInvalid: 'Acest link de plată nu este valid.',
  paymentLinkUnknown: 'Acest link de plată nu există.',
  paymentLinkPaid: 'Acest link a fost deja plătit. Vă mulțumim!',
  paymentLinkExpired:
    'Acest link de plată a expirat. Cereți unul nou persoanei care vi l-a trimis.',
  paymentLinkCancelled: 'Acest link de plată a fost anulat.',
  paymentLinkPlotsChanged:
    'O parcelă din link nu mai poate fi plătită. Verificați ce a rămas și încercați din nou.',
};

/** Every language's catalogue of the domain's texts. */
export const DOMAIN_MESSAGES: Readonly<Record<Language, DomainMessages>> = { es, en, ro };

/** The Spanish texts, which the domain's rules and schemas hand out. */
export const MESSAGES = es;

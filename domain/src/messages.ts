/**
 * The Spanish texts users see for refused input. Those of docs/api.md are kept word for word; the
 * others fill gaps the specification leaves.
 */
export const MESSAGES = {
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
  // Money and privacy (issue 17).
  tooManyPlotsHeld: (max: number) =>
    `Puedes tener como máximo ${max} parcelas a la vez en pagos sin terminar. Termina o cancela ` +
    `esos pagos antes de empezar otro.`,
  checkoutReferenceInvalid: 'La referencia del pago no es válida.',
  checkoutUnknown: 'No hay ningún pago tuyo con esa referencia.',
  checkoutAlreadyPaid: 'Ese pago ya se ha completado: tus parcelas están pagadas.',
  cashLimitOnLink:
    'Vincular este código superaría el límite legal de 999,99 € en efectivo al mes para una ' +
    'misma persona. Consulta con la parroquia.',
  ledgerRangeInvalid:
    'Las fechas deben tener el formato AAAA-MM-DD y "desde" no puede ser posterior a "hasta".',
} as const;

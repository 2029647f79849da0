/**
 * The Spanish texts users see for refused input. Those of SPEC.md 8 are kept word for word; the
 * others fill gaps the specification leaves.
 */
export const MESSAGES = {
  certificateDownloadFailed: 'Error al descargar el certificado',
  certificateCountInvalid: 'Introduce un número válido (entre 1 y 250).',
  physicalCertificateIncomplete: 'Rellena todos los campos y selecciona al menos una parcela.',
  plotNotAvailable: 'Alguna parcela no está disponible',
  // Not in SPEC.md 8:
  selectionEmpty: 'Selecciona al menos una parcela.',
  selectionMalformed: 'La selección de parcelas no es válida.',
  selectionTooLarge: (max: number) => `No se pueden seleccionar más de ${max} parcelas a la vez.`,
  plotInvalid: (what: string) => `Parcela no válida: ${what}.`,
  plotRepeated: (code: string) => `Parcela repetida: ${code}.`,
  emailInvalid: 'El correo electrónico no es válido.',
  cashLimitExceeded: 'Los pagos en efectivo no pueden superar 999,99 € al mes por donante.',
  cashLimitReached: (givenThisMonth: string, stillAllowed: string) =>
    `Los pagos en efectivo no pueden superar 999,99 € al mes por donante. Este donante ya ha ` +
    `entregado ${givenThisMonth} en efectivo este mes; aún puede entregar ${stillAllowed}.`,
  paymentMethodInvalid: 'La forma de pago debe ser efectivo o transferencia.',
  certificateCodeUnknown: 'El código del certificado no existe.',
  certificateCodeUsed: 'El código del certificado ya está vinculado.',
  plotUnknown: (code: string) => `La parcela ${code} no existe en el plano.`,
  ledgerRangeInvalid:
    'Las fechas deben tener el formato AAAA-MM-DD y "desde" no puede ser posterior a "hasta".',
} as const;

/** The API's own Spanish error texts (docs/api.md has none for these cases). */
export const API_MESSAGES = {
  notFound: 'Ruta no encontrada.',
  methodNotAllowed: 'Método no permitido.',
  signInRequired: 'Inicia sesión para continuar.',
  sessionInvalid: 'La sesión no es válida o ha caducado. Inicia sesión de nuevo.',
  staffOnly: 'Solo el personal de la parroquia puede hacer esto.',
  bodyTooLarge: 'La petición es demasiado grande.',
  bodyNotJson: 'El cuerpo de la petición no es JSON válido.',
  internal: 'Error interno del servidor.',
  userNotFound: 'Usuario no encontrado.',
  notYourReservation: 'Solo puedes completar tus propias reservas.',
  checkoutUnavailable: 'No se ha podido iniciar el pago. Inténtalo de nuevo en unos minutos.',
  stripeSignatureInvalid: 'Firma de Stripe no válida.',
  /** A refused input: the schema's Spanish message and the field it is about. */
  invalidField: (message: string, field: string) => `${message} (campo: ${field})`,
} as const;

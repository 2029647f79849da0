/**
 * What a failed API call throws (`api-client.ts`), in a module of its own: code that only checks
 * an error's status does not download the client and the contract with it. Fallback texts are
 * those of docs/api.md.
 */
export const REQUEST_FAILED = 'Error al hacer la petición';
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;

export class ApiError extends Error {
  /** The HTTP status, or null when no response arrived (network failure). */
  readonly status: number | null;
  /** The message is the API's own (in the language asked), not one of the fallbacks above. */
  readonly fromServer: boolean;
  /**
   * The API's catalogue key for it (`noPlotsBought`, …): what a screen decides by, never the
   * text, which is in the reader's language. Null when no answer, or an answer without one.
   */
  readonly code: string | null;
  /**
   * The input the API refused, as a path into the body (`names.2.name`): what a form decides by
   * which of its fields to mark. Null when the answer named none.
   */
  readonly field: string | null;

  constructor(
    message: string,
    status: number | null,
    options?: ErrorOptions & { fromServer?: boolean; code?: string | null; field?: string | null },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = options?.fromServer ?? false;
    this.code = options?.code ?? null;
    this.field = options?.field ?? null;
  }
}

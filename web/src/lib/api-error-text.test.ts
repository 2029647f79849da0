import { describe, expect, it } from 'vitest';
import { ApiError, httpErrorMessage, REQUEST_FAILED } from './api-error';
import { apiErrorText } from './api-error-text';
import { i18n } from './i18n';

describe('apiErrorText', () => {
  it('passes on what the API said, in the language it was asked in', () => {
    const said = new ApiError('Nu există niciun donator cu acest cod.', 404, { fromServer: true });
    expect(apiErrorText(said, i18n.getFixedT('ro'))).toBe('Nu există niciun donator cu acest cod.');
  });

  it('says in the page’s language that the server did not answer, never “HTTP error!”', () => {
    const timedOut = new ApiError(httpErrorMessage(504), 504);
    expect(apiErrorText(timedOut, i18n.getFixedT('ro'))).toBe(
      'Serverul nu a putut răspunde (eroare 504). Încercați din nou peste câteva minute.',
    );
    const refused = new ApiError(REQUEST_FAILED, 502);
    expect(apiErrorText(refused, i18n.getFixedT('en'))).toBe(
      'The server could not answer (error 502). Try again in a few minutes.',
    );
  });

  it('says the server could not be reached when no answer came', () => {
    const offline = new ApiError(REQUEST_FAILED, null);
    expect(apiErrorText(offline, i18n.getFixedT('es'))).toBe(
      'No se ha podido conectar con el servidor. Comprueba la conexión e inténtalo de nuevo.',
    );
  });
});

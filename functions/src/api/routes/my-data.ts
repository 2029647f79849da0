/**
 * The donor's rights over their data (GDPR art. 15, 17, 20; docs/product.md, "Your data"): a
 * copy of everything kept about them (a JSON file, and a PDF to read), and the erasure of their
 * account.
 */
import { isFreshSignIn, MESSAGES, myDataFileName, type ApiRoutes } from '@parroquia/domain';
import { ApiError, fileReply, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import type { Handler } from '../router';

/** One JSON file: only the caller's own data, never another donor's nor staff's notes. */
export const myData: Handler<ApiRoutes['myData']> = async ({ deps, caller }) => {
  const now = deps.now();
  const data = await deps.accountData.exportOf(caller.uid, now);
  if (!data) throw new ApiError(404, MESSAGES.userNotFound);
  const day = new Date(now).toISOString().slice(0, 10);
  const body = new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`);
  return fileReply('application/json; charset=utf-8', body, `mis-datos-${day}.json`);
};

/** The same data as a PDF to read, in the language asked (GDPR art. 12). */
export const myDataDocument: Handler<ApiRoutes['myDataDocument']> = async ({
  deps,
  caller,
  params,
}) => {
  const now = deps.now();
  const data = await deps.accountData.exportOf(caller.uid, now);
  if (!data) throw new ApiError(404, MESSAGES.userNotFound);
  // Loaded on first use, as every document's: fonts and PDF code are most of the bundle.
  const { renderMyDataDocument } = await import('../../pdf/my-data-document');
  const pdf = await renderMyDataDocument(data, params.lang);
  const day = new Date(now).toISOString().slice(0, 10);
  return fileReply('application/pdf', pdf, `${myDataFileName(params.lang)}-${day}.pdf`);
};

/**
 * Erases the account: Firestore first, in one transaction (the ledger's rows stay, without name
 * or e-mail), then the Auth user. Asked again after a failure between the two, it finishes the
 * second step: the transaction found the account erased already.
 */
export const eraseAccount: Handler<ApiRoutes['eraseAccount']> = async ({ deps, caller }) => {
  const now = deps.now();
  if (!isFreshSignIn(caller.authTime, now))
    throw new ApiError(401, API_MESSAGES.signInAgainToErase);
  const outcome = await deps.accountData.erase(caller.uid, now);
  if (outcome === 'no-account') throw new ApiError(404, MESSAGES.userNotFound);
  if (outcome === 'paying') throw new ApiError(409, API_MESSAGES.erasureWhilePaying);
  await deps.accountData.deleteSignIn(caller.uid);
  return jsonReply({ status: 'erased' as const });
};

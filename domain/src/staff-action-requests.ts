/**
 * What staff ask of the record of staff actions and of a filled-in certificate (docs/api.md),
 * checked before anything is read: a page of the list (`?cursor=&kind=`), a certificate's code.
 */
import { MESSAGES } from './messages';
import { isPersonalCode, normalizeCode } from './personal-code';
import { isStaffActionKind, type StaffActionKind } from './settlement/decision';
import { invalid, isRecord, valid, type Validation } from './validation';

/** One page of the record: after the action `cursor` (none: the newest), of one kind or all. */
export interface StaffActionsPage {
  cursor: string | null;
  kind: StaffActionKind | null;
}

/**
 * A cursor is the id of the last action of the page before (a Firestore document id: never one
 * Firestore reserves, `__…__`, which it refuses to look up, a 500 once).
 */
const CURSOR = /^(?!__.*__$)[A-Za-z0-9_-]{1,100}$/;

export function validateStaffActionsPage(query: unknown): Validation<StaffActionsPage> {
  const fields = isRecord(query) ? query : {};
  const cursor = fields.cursor === undefined || fields.cursor === '' ? null : fields.cursor;
  const kind = fields.kind === undefined || fields.kind === '' ? null : fields.kind;
  if (cursor !== null && (typeof cursor !== 'string' || !CURSOR.test(cursor))) {
    return invalid(MESSAGES.staffActionsCursorInvalid);
  }
  if (kind !== null && !isStaffActionKind(kind)) return invalid(MESSAGES.staffActionKindInvalid);
  return valid({ cursor, kind });
}

/** The code of a registered paper certificate, as typed (spaces and case do not matter). */
export function validateFilledCertificateRequest(body: unknown): Validation<string> {
  const typed = isRecord(body) && typeof body.code === 'string' ? normalizeCode(body.code) : '';
  return isPersonalCode(typed) ? valid(typed) : invalid(MESSAGES.certificateCodeUnknown);
}

import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  validateFilledCertificateRequest,
  validateStaffActionsPage,
} from './staff-action-requests';

describe('validateStaffActionsPage', () => {
  it('reads no cursor and no kind as the newest page of every kind', () => {
    expect(validateStaffActionsPage({})).toEqual({ ok: true, value: { cursor: null, kind: null } });
    expect(validateStaffActionsPage({ cursor: '', kind: '' })).toEqual({
      ok: true,
      value: { cursor: null, kind: null },
    });
  });
  it('takes a document id as the cursor and a known kind', () => {
    expect(
      validateStaffActionsPage({ cursor: 'a1B2c3D4e5F6g7H8i9J0', kind: 'print-filled' }),
    ).toEqual({ ok: true, value: { cursor: 'a1B2c3D4e5F6g7H8i9J0', kind: 'print-filled' } });
  });
  it('refuses a cursor that is no document id, and an unknown kind', () => {
    expect(validateStaffActionsPage({ cursor: '../users/x' })).toEqual({
      ok: false,
      error: MESSAGES.staffActionsCursorInvalid,
    });
    expect(validateStaffActionsPage({ kind: 'delete' })).toEqual({
      ok: false,
      error: MESSAGES.staffActionKindInvalid,
    });
  });
});

describe('validateFilledCertificateRequest', () => {
  it('takes a code as typed, spaces and case aside', () => {
    expect(validateFilledCertificateRequest({ code: ' abcd 2345 ' })).toEqual({
      ok: true,
      value: 'ABCD2345',
    });
  });
  it('refuses what no code can be', () => {
    for (const body of [{}, { code: 12345678 }, { code: 'ABC' }, { code: 'ABCD234I' }, null]) {
      expect(validateFilledCertificateRequest(body)).toEqual({
        ok: false,
        error: MESSAGES.certificateCodeUnknown,
      });
    }
  });
});

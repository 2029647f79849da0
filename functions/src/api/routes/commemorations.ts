/**
 * The names donors ask prayers for (docs/api.md, docs/product.md "Names remembered in prayer"):
 * the donor reads and replaces their own list; staff print every list for the priest, download
 * it as CSV (each recorded as a staff action in the transaction that read the names), and read
 * one donor's list on their page.
 */
import {
  MESSAGES,
  commemorationsCsv,
  hasStandingGift,
  priestList,
  validatePersonId,
  type ApiRoutes,
  type CommemorationsView,
} from '@parroquia/domain';
import type { ApiDependencies } from '../../ports/api-dependencies';
import type { StoredCommemorations } from '../../ports/commemorations';
import { ApiError, fileReply, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import type { Handler } from '../router';

function view(list: StoredCommemorations, mayGiveNames: boolean): CommemorationsView {
  return {
    names: list.names.map(({ name, state }) => ({ name, state })),
    on_certificate: list.on_certificate,
    updated_at: list.updatedAt === null ? null : new Date(list.updatedAt).toISOString(),
    may_give_names: mayGiveNames,
  };
}

/** Whether `uid`'s gift stands now: the page offers the form only then, as saving requires. */
async function mayGiveNames(deps: Pick<ApiDependencies, 'donors' | 'now'>, uid: string) {
  return hasStandingGift(await deps.donors.cellsOf(uid), uid, deps.now());
}

export const getCommemorations: Handler<ApiRoutes['getCommemorations']> = async ({
  deps,
  caller,
}) => {
  const [list, may] = await Promise.all([
    deps.commemorations.read(caller.uid),
    mayGiveNames(deps, caller.uid),
  ]);
  return jsonReply(view(list, may));
};

export const saveCommemorations: Handler<ApiRoutes['saveCommemorations']> = async ({
  deps,
  caller,
  body,
}) => {
  // A name the certificate's type cannot draw would print as blank boxes on the certificate and
  // on the priest's list: refused now, naming its entry. The fonts load only for this check.
  const { unprintableCharacters } = await import('../../pdf/printable-names');
  const missing = await unprintableCharacters(body.names.map(({ name }) => name));
  const refused = missing.findIndex((characters) => characters.length > 0);
  if (refused >= 0) {
    // Answered as the router answers a refused field, so callers read both alike.
    const field = `names.${refused}.name`;
    const reason = MESSAGES.commemorationNameRefused(
      String(refused + 1),
      MESSAGES.commemorationNameUnprintable(missing[refused]!.join(' ')),
    );
    throw new ApiError(400, API_MESSAGES.invalidField(reason, field), {}, { field });
  }
  const saved = await deps.commemorations.replace(caller.uid, body, deps.now());
  if (!saved) throw new ApiError(404, MESSAGES.userNotFound);
  if (saved === 'no-gift') throw new ApiError(403, MESSAGES.commemorationsNeedGift);
  return jsonReply(view(saved, saved.names.length > 0 || (await mayGiveNames(deps, caller.uid))));
};

export const printCommemorations: Handler<ApiRoutes['printCommemorations']> = async ({
  deps,
  caller,
  body,
}) => {
  const now = deps.now();
  const donors = await deps.commemorations.carryOut('print-commemorations', caller.uid, now);
  const { renderCommemorationList } = await import('../../pdf/commemoration-list');
  const pdf = await renderCommemorationList({
    language: body.lang,
    ...priestList(donors),
    printedAt: now,
  });
  return fileReply('application/pdf', pdf, 'pomelnic.pdf');
};

export const exportCommemorations: Handler<ApiRoutes['exportCommemorations']> = async ({
  deps,
  caller,
}) => {
  const donors = await deps.commemorations.carryOut(
    'export-commemorations',
    caller.uid,
    deps.now(),
  );
  // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
  const csv = `\uFEFF${commemorationsCsv(donors)}`;
  return fileReply(
    'text/csv; charset=utf-8; header=present',
    Buffer.from(csv, 'utf8'),
    'pomelnic.csv',
  );
};

/** A person without an account (a registration waiting on its code) has no list. */
export const donorCommemorations: Handler<ApiRoutes['donorCommemorations']> = async ({
  deps,
  params,
}) =>
  jsonReply(
    params.kind === 'account'
      ? view(await deps.commemorations.read(params.uid), await mayGiveNames(deps, params.uid))
      : { names: [], on_certificate: false, updated_at: null, may_give_names: false },
  );

/** Staff take a name off a donor's list, with the reason (recorded). */
export const removeCommemoration: Handler<ApiRoutes['removeCommemoration']> = async ({
  deps,
  caller,
  body,
}) => {
  const person = validatePersonId({ id: body.id });
  const names =
    person.ok && person.value.kind === 'account'
      ? await deps.commemorations.removeName(
          person.value.uid,
          { name: body.name, state: body.state },
          body.reason,
          caller.uid,
          deps.now(),
        )
      : null;
  if (!names) throw new ApiError(404, MESSAGES.commemorationNotListed);
  return jsonReply({ names: names.map(({ name, state }) => ({ name, state })) });
};

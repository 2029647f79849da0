/**
 * Who a staff request is acting as, for the record of staff actions: the name and e-mail their
 * ID token carried when they acted, kept on each action they cause (docs/data-model.md,
 * `staff_actions`). Renaming the account in Auth later, or deleting it, changes no past action.
 *
 * The router runs every staff route's handler inside `actingAs`, and the one writer of staff
 * actions (`adapters/decision-writes.ts`) asks `actorNamed` for the action's staff uid. A request
 * context rather than an argument: the actions are decided deep in the money core, whose
 * decisions name only the staff member's uid, and the context never leaves this request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface StaffActor {
  uid: string;
  name: string;
  email: string;
}

const acting = new AsyncLocalStorage<StaffActor>();

export function actingAs<T>(actor: StaffActor, run: () => T): T {
  return acting.run(actor, run);
}

/** The name and e-mail of `uid` as the current request's staff member; null for anyone else. */
export function actorNamed(uid: string): StaffActor | null {
  const actor = acting.getStore();
  return actor && actor.uid === uid ? actor : null;
}

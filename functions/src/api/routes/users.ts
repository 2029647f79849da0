/** The signed-in donor's own account. */
import { ApiError, jsonReply } from '../http';
import { API_MESSAGES } from '../messages';
import { signedInRoute } from '../router';

export const whoamiRoute = signedInRoute('GET', '/api/users/whoami/', async ({ deps, caller }) => {
  const profile = await deps.users.findUser(caller.uid);
  if (!profile) throw new ApiError(404, API_MESSAGES.userNotFound);
  // Staff rights come from the token's custom claim, the only thing the API trusts for them.
  return jsonReply({ id: caller.uid, ...profile, is_staff: caller.staff });
});

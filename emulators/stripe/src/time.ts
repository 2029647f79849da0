/** Stripe's instants: whole seconds since the epoch. */
export function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

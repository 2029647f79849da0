/** What the map shows for a donor's plots. */
export interface DonorIdentity {
  name: string;
  personal_code: string;
  is_anonymous_donor: boolean;
}

/** Anonymous donors appear by their personal code, others by name. */
export function donorDisplay(donor: DonorIdentity): string {
  return donor.is_anonymous_donor ? donor.personal_code : donor.name;
}

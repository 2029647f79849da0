/**
 * A count with its noun as Romanian writes it. Romanian has three plural forms
 * (`Intl.PluralRules('ro')`): one ("1 parcelă"), few, for 0 and 2 to 19 after each hundred
 * ("2 parcele", "119 parcele"), and other, which takes "de" ("20 de parcele", "100 de parcele").
 */
const RULES = new Intl.PluralRules('ro');

export function romanianCount(count: number, singular: string, plural: string): string {
  switch (RULES.select(count)) {
    case 'one':
      return `${count} ${singular}`;
    case 'few':
      return `${count} ${plural}`;
    default:
      return `${count} de ${plural}`;
  }
}

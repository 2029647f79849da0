/**
 * The one register the site writes in, per language (docs/screens.md, "Register"): Romanian in
 * the polite form (dumneavoastră: "Atingeți", "vă", "dumneavoastră"), as a parish writes to its
 * faithful; Spanish in the familiar tú ("Toca", "tu"), which the Spanish texts always used.
 * `registerSlips` finds the words of the other register in a text, for the tests that read every
 * text of a language (ro.json, the e-mails, the domain's and the API's messages).
 *
 * Words, not endings: Romanian's familiar imperative often is the polite 3rd person singular
 * ("Parohia înregistrează donația" is right; "Înregistrează un certificat" is a slip), so such
 * verbs are slips only where an instruction begins: at the start of a text or of a sentence,
 * after `:` or `;`, an opening bracket or quote. Pronouns, possessives and 2nd person singular
 * forms are never right in the polite register, wherever they stand.
 */

export interface Register {
  /** Words of the other register wherever they stand (lower case). */
  anywhere: ReadonlySet<string>;
  /** Words of the other register where an instruction begins (lower case). */
  instruction: ReadonlySet<string>;
}

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** What a Romanian text in the polite form never says. */
export const ROMANIAN_FAMILIAR: Register = {
  anywhere: words(`
    tu te ți îți ție tine tău ta tale tăi
    ai ești poți vrei vei știi dorești
    alegi donezi plătești rezervi cumperi primești ajuți intri mergi vezi faci
    soliciți păstrezi ștergi autentifici deschizi alături finalizezi
    fă vino fii
  `),
  instruction: words(`
    alege apasă atinge intră trimite caută încearcă verifică continuă descarcă deschide închide
    leagă creează folosește scrie sună predă acceptă cumpără rezervă reîncarcă reîncarc uită
    întoarce întreabă confirmă permite așteaptă salvează anulează finalizează generează copiază
    tipărește mărește micșorează afișează resetează înregistrează plătește citește completează
    selectează introdu indică alătură ajută donează finalizeaz
  `),
};

/**
 * What the site's Spanish (tú) never says: usted and its imperatives. At the start of an
 * instruction only, as they are also the 3rd person subjunctive ("en cuanto Stripe la confirme").
 */
export const SPANISH_FORMAL: Register = {
  anywhere: words('usted ustedes'),
  instruction: words(`
    pulse toque elija seleccione introduzca escriba indique compruebe inténtelo vuelva espere
    acepte descargue confirme arrastre busque pague abra cierre guarde cancele vea mire reserve
    compre complete haga envíe
  `),
};

/** Where an instruction begins: the text's start, a sentence's, after `:` `;` `(` or a quote. */
const INSTRUCTION_START = /(?:^|[.!?:;(„“"«…]\s*)(\p{L}+)/gu;
const WORD = /\p{L}+/gu;

/** The words of `text` (placeholders such as `{{email}}` aside) that `register` lists. */
export function registerSlips(text: string, register: Register): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .normalize('NFC')
    .toLowerCase();
  const anywhere = (plain.match(WORD) ?? []).filter((word) => register.anywhere.has(word));
  const instructions = [...plain.matchAll(INSTRUCTION_START)]
    .map((match) => match[1]!)
    .filter((word) => register.instruction.has(word));
  return [...anywhere, ...instructions];
}

/**
 * "My data" as a document to read (GDPR art. 12: concise, intelligible, in plain words), in the
 * donor's language: its words, and the sections it reads out of the export (`myDataSections`),
 * which `my-data-document.ts` draws. The JSON beside it keeps every field for another service.
 */
import { formatEuroCents, type AccountDataExport, type Language } from '@parroquia/domain';

export interface MyDataSection {
  heading: string;
  /** One entry per line of the document (wrapped when drawn); `empty` when there is none. */
  lines: string[];
}

export interface MyDataDocument {
  /** The document's language as a PDF names it (`es-ES`, `en-GB`, `ro-RO`). */
  locale: string;
  title: string;
  parish: string;
  intro: string;
  sections: MyDataSection[];
  closing: string;
}

interface Words {
  title: string;
  parish: string;
  intro: (date: string) => string;
  profile: string;
  name: string;
  email: string;
  personalCode: string;
  anonymous: (yes: boolean) => string;
  privacy: (date: string | null) => string;
  language: string;
  languages: Record<string, string>;
  created: string;
  none: string;
  plots: string;
  noPlots: string;
  bought: (plot: string) => string;
  reserved: (plot: string, date: string | null) => string;
  gifts: string;
  noGifts: string;
  kinds: Record<string, string>;
  methods: Record<string, string>;
  certificate: (code: string) => string;
  payments: string;
  noPayments: string;
  statuses: Record<string, string>;
  refunded: (amount: string) => string;
  paperCertificates: string;
  noPaperCertificates: string;
  registered: (date: string) => string;
  linked: (date: string) => string;
  emails: string;
  noEmails: string;
  names: string;
  noNames: string;
  living: string;
  departed: string;
  onCertificate: (yes: boolean) => string;
  closing: string;
  locale: string;
}

const WORDS: Record<Language, Words> = {
  es: {
    title: 'Mis datos',
    parish: 'Parroquia Ortodoxa de Asturias',
    intro: (date) =>
      `Todo lo que la parroquia guarda sobre ti, tal como estaba el ${date}. El archivo JSON que se descarga con este documento tiene los mismos datos, para llevarlos a otro servicio.`,
    profile: 'Tu perfil',
    name: 'Nombre',
    email: 'Correo electrónico',
    personalCode: 'Código personal',
    anonymous: (yes) =>
      yes ? 'En el mapa apareces como anónimo (tu código).' : 'En el mapa aparece tu nombre.',
    privacy: (date) =>
      date
        ? `Aceptaste la política de privacidad el ${date}.`
        : 'Todavía no has aceptado la política de privacidad.',
    language: 'Idioma de tus correos',
    languages: { es: 'español', en: 'inglés', ro: 'rumano' },
    created: 'Cuenta creada el',
    none: 'ninguno',
    plots: 'Tus parcelas',
    noPlots: 'Ninguna parcela a tu nombre.',
    bought: (plot) => `${plot}: comprada.`,
    reserved: (plot, date) =>
      date
        ? `${plot}: reservada; el último día para pagar el resto es el ${date}.`
        : `${plot}: reservada.`,
    gifts: 'Tus donativos, devoluciones y anulaciones',
    noGifts: 'Ningún donativo.',
    kinds: {
      buy: 'Compra',
      reserve: 'Reserva (señal)',
      complete: 'Pago del resto',
      refund: 'Devolución',
      void: 'Anulación',
    },
    methods: { card: 'con tarjeta', cash: 'en efectivo', transfer: 'por transferencia' },
    certificate: (code) => `certificado ${code}`,
    payments: 'Tus pagos con tarjeta',
    noPayments: 'Ningún pago con tarjeta.',
    statuses: {
      pending: 'sin terminar',
      paid: 'pagado',
      expired: 'no se completó',
      failed: 'rechazado',
      refunded: 'devuelto',
    },
    refunded: (amount) => `devuelto ${amount}`,
    paperCertificates: 'Tus certificados en papel',
    noPaperCertificates: 'Ningún certificado en papel vinculado a tu cuenta.',
    registered: (date) => `registrado el ${date}`,
    linked: (date) => `vinculado el ${date}`,
    emails: 'Los correos que te enviamos',
    noEmails: 'Ningún correo.',
    names: 'Los nombres que pediste recordar en la oración',
    noNames: 'Ningún nombre.',
    living: 'Vivos',
    departed: 'Difuntos',
    onCertificate: (yes) =>
      yes ? 'Se imprimen en tu certificado.' : 'No se imprimen en tu certificado.',
    closing:
      'Puedes corregir tu nombre y tu anonimato en «Mi perfil», y borrar tu cuenta en «Mi cuenta». Los donativos se guardan seis años, como pide la ley, sin tu nombre ni tu correo a la vista.',
    locale: 'es-ES',
  },
  en: {
    title: 'My data',
    parish: 'Orthodox Parish of Asturias',
    intro: (date) =>
      `Everything the parish keeps about you, as it was on ${date}. The JSON file downloaded with this document holds the same data, to take it to another service.`,
    profile: 'Your profile',
    name: 'Name',
    email: 'E-mail',
    personalCode: 'Personal code',
    anonymous: (yes) =>
      yes ? 'The map shows you as anonymous (your code).' : 'The map shows your name.',
    privacy: (date) =>
      date
        ? `You accepted the privacy policy on ${date}.`
        : 'You have not accepted the privacy policy yet.',
    language: 'Language of your e-mails',
    languages: { es: 'Spanish', en: 'English', ro: 'Romanian' },
    created: 'Account created on',
    none: 'none',
    plots: 'Your plots',
    noPlots: 'No plot in your name.',
    bought: (plot) => `${plot}: bought.`,
    reserved: (plot, date) =>
      date ? `${plot}: reserved; the last day to pay the rest is ${date}.` : `${plot}: reserved.`,
    gifts: 'Your gifts, refunds and voids',
    noGifts: 'No gift.',
    kinds: {
      buy: 'Purchase',
      reserve: 'Reservation (deposit)',
      complete: 'Rest paid',
      refund: 'Refund',
      void: 'Void',
    },
    methods: { card: 'by card', cash: 'in cash', transfer: 'by bank transfer' },
    certificate: (code) => `certificate ${code}`,
    payments: 'Your card payments',
    noPayments: 'No card payment.',
    statuses: {
      pending: 'not finished',
      paid: 'paid',
      expired: 'not completed',
      failed: 'declined',
      refunded: 'refunded',
    },
    refunded: (amount) => `refunded ${amount}`,
    paperCertificates: 'Your paper certificates',
    noPaperCertificates: 'No paper certificate linked to your account.',
    registered: (date) => `registered on ${date}`,
    linked: (date) => `linked on ${date}`,
    emails: 'The e-mails we sent you',
    noEmails: 'No e-mail.',
    names: 'The names you asked us to remember in prayer',
    noNames: 'No name.',
    living: 'Living',
    departed: 'Departed',
    onCertificate: (yes) =>
      yes ? 'They are printed on your certificate.' : 'They are not printed on your certificate.',
    closing:
      'You can correct your name and your anonymity in "My profile", and delete your account in "My account". Gifts are kept for six years, as the law asks, with your name and e-mail out of sight.',
    locale: 'en-GB',
  },
  ro: {
    title: 'Datele mele',
    parish: 'Parohia Ortodoxă din Asturias',
    intro: (date) =>
      `Tot ce păstrează parohia despre dumneavoastră, așa cum era la ${date}. Fișierul JSON descărcat împreună cu acest document are aceleași date, pentru a le duce la alt serviciu.`,
    profile: 'Profilul dumneavoastră',
    name: 'Nume',
    email: 'E-mail',
    personalCode: 'Cod personal',
    anonymous: (yes) =>
      yes
        ? 'Pe hartă apăreți anonim (codul dumneavoastră).'
        : 'Pe hartă apare numele dumneavoastră.',
    privacy: (date) =>
      date
        ? `Ați acceptat politica de confidențialitate la ${date}.`
        : 'Nu ați acceptat încă politica de confidențialitate.',
    language: 'Limba e-mailurilor',
    languages: { es: 'spaniolă', en: 'engleză', ro: 'română' },
    created: 'Cont creat la',
    none: 'niciunul',
    plots: 'Parcelele dumneavoastră',
    noPlots: 'Nicio parcelă pe numele dumneavoastră.',
    bought: (plot) => `${plot}: cumpărată.`,
    reserved: (plot, date) =>
      date
        ? `${plot}: rezervată; ultima zi pentru a plăti restul este ${date}.`
        : `${plot}: rezervată.`,
    gifts: 'Donațiile, rambursările și anulările dumneavoastră',
    noGifts: 'Nicio donație.',
    kinds: {
      buy: 'Cumpărare',
      reserve: 'Rezervare (avans)',
      complete: 'Plata restului',
      refund: 'Rambursare',
      void: 'Anulare',
    },
    methods: { card: 'cu cardul', cash: 'în numerar', transfer: 'prin transfer bancar' },
    certificate: (code) => `certificatul ${code}`,
    payments: 'Plățile dumneavoastră cu cardul',
    noPayments: 'Nicio plată cu cardul.',
    statuses: {
      pending: 'neterminată',
      paid: 'plătită',
      expired: 'nefinalizată',
      failed: 'refuzată',
      refunded: 'rambursată',
    },
    refunded: (amount) => `rambursat ${amount}`,
    paperCertificates: 'Certificatele dumneavoastră tipărite',
    noPaperCertificates: 'Niciun certificat tipărit asociat contului dumneavoastră.',
    registered: (date) => `înregistrat la ${date}`,
    linked: (date) => `asociat la ${date}`,
    emails: 'E-mailurile pe care vi le-am trimis',
    noEmails: 'Niciun e-mail.',
    names: 'Numele pe care ați cerut să fie pomenite în rugăciune',
    noNames: 'Niciun nume.',
    living: 'Vii',
    departed: 'Adormiți',
    onCertificate: (yes) =>
      yes
        ? 'Se tipăresc pe certificatul dumneavoastră.'
        : 'Nu se tipăresc pe certificatul dumneavoastră.',
    closing:
      'Vă puteți corecta numele și anonimatul în „Profilul meu” și vă puteți șterge contul în „Contul meu”. Donațiile se păstrează șase ani, cum cere legea, fără numele și e-mailul dumneavoastră la vedere.',
    locale: 'ro-RO',
  },
};

/** The document's sections, read out of the export in `language`. */
export function myDataDocument(data: AccountDataExport, language: Language): MyDataDocument {
  const words = WORDS[language];
  const dates = new Intl.DateTimeFormat(words.locale, {
    dateStyle: 'long',
    timeZone: 'Europe/Madrid',
  });
  const day = (iso: string | null) => (iso ? dates.format(Date.parse(iso)) : null);
  // A deadline is shown as its last day, as everywhere (docs/product.md).
  const lastDay = (iso: string | null) => (iso ? dates.format(Date.parse(iso) - 1) : null);
  const money = (cents: number) => formatEuroCents(cents, words.locale);
  const orNone = (lines: string[], empty: string) => (lines.length > 0 ? lines : [empty]);
  const { profile } = data;
  const rows = [...data.gifts, ...data.refunds].sort((a, b) => a.date.localeCompare(b.date));
  const names = data.commemoration_names?.names ?? [];
  const namesOf = (state: string) =>
    names.filter((entry) => entry.state === state).map((entry) => entry.name);

  return {
    locale: words.locale,
    title: words.title,
    parish: words.parish,
    intro: words.intro(day(data.exported_at) ?? data.exported_at),
    sections: [
      {
        heading: words.profile,
        lines: [
          `${words.name}: ${profile.name || words.none}`,
          `${words.email}: ${profile.email || words.none}`,
          `${words.personalCode}: ${profile.personal_code || words.none}`,
          words.anonymous(profile.is_anonymous_donor),
          words.privacy(
            profile.accepted_privacy_policy
              ? (day(profile.privacy_policy_accepted_at) ?? '')
              : null,
          ),
          `${words.language}: ${words.languages[profile.language ?? 'es'] ?? words.languages.es}`,
          ...(profile.created_at ? [`${words.created} ${day(profile.created_at)}`] : []),
        ],
      },
      {
        heading: words.plots,
        lines: orNone(
          data.plots.map((plot) =>
            plot.status === 'bought'
              ? words.bought(plot.plot)
              : words.reserved(plot.plot, lastDay(plot.reserved_until)),
          ),
          words.noPlots,
        ),
      },
      {
        heading: words.gifts,
        lines: orNone(
          rows.map((row) =>
            [
              day(row.date),
              `${words.kinds[row.kind] ?? row.kind} ${words.methods[row.method] ?? row.method}`,
              money(row.amount_cents),
              row.plots.join(', '),
              ...(row.certificate_code ? [words.certificate(row.certificate_code)] : []),
            ]
              .filter((part) => part)
              .join(' · '),
          ),
          words.noGifts,
        ),
      },
      {
        heading: words.payments,
        lines: orNone(
          data.card_payments.map((payment) =>
            [
              day(payment.paid_at),
              words.kinds[payment.kind ?? ''] ?? payment.kind,
              money(payment.amount_cents),
              payment.plots.join(', '),
              words.statuses[payment.status ?? ''] ?? payment.status,
              ...(payment.refunded_cents > 0
                ? [words.refunded(money(payment.refunded_cents))]
                : []),
            ]
              .filter((part) => part)
              .join(' · '),
          ),
          words.noPayments,
        ),
      },
      {
        heading: words.paperCertificates,
        lines: orNone(
          data.paper_certificates.map((code) =>
            [
              code.code,
              code.plots.join(', '),
              ...(code.registered_at ? [words.registered(day(code.registered_at)!)] : []),
              ...(code.linked_at ? [words.linked(day(code.linked_at)!)] : []),
            ].join(' · '),
          ),
          words.noPaperCertificates,
        ),
      },
      {
        heading: words.emails,
        lines: orNone(
          data.emails.map((mail) =>
            [day(mail.queued_at), mail.subject].filter((part) => part).join(' · '),
          ),
          words.noEmails,
        ),
      },
      {
        heading: words.names,
        lines:
          names.length === 0
            ? [words.noNames]
            : [
                ...(namesOf('living').length
                  ? [`${words.living}: ${namesOf('living').join(', ')}`]
                  : []),
                ...(namesOf('departed').length
                  ? [`${words.departed}: ${namesOf('departed').join(', ')}`]
                  : []),
                words.onCertificate(data.commemoration_names?.on_certificate === true),
              ],
      },
    ],
    closing: words.closing,
  };
}

/**
 * The names of the church's parts on the certificate's plan, in its two languages: the words
 * of the web map's labels (`map.zones` in web/src/locales/es.json and ro.json; a test keeps
 * them equal).
 */
import type { CertificateLanguage, ChurchZone } from '@parroquia/domain';

export const CHURCH_ZONE_NAMES: Record<CertificateLanguage, Record<ChurchZone, string>> = {
  es: {
    altar: 'Altar',
    iconostasis: 'Iconostasio',
    nave: 'Nave',
    narthex: 'Nártex',
    entrance: 'Entrada',
  },
  ro: {
    altar: 'Altar',
    iconostasis: 'Catapeteasmă',
    nave: 'Naos',
    narthex: 'Pronaos',
    entrance: 'Intrare',
  },
};

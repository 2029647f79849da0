/**
 * The words of a shared plot's preview (the image and the link's title and description), in the
 * sharer's language: the parish and the campaign as the home page names them
 * (`header.title` and `home.title` in web/src/locales/*.json).
 */
import type { Language } from '@parroquia/domain';

export interface ShareTexts {
  parish: string;
  campaign: string;
  /** Before the plot codes. */
  plots: string;
  /** The link's title when the certificate shows a name: "Ana García helps build…". */
  titleWithName: (name: string) => string;
  /** The link's title when it shows none (a paper certificate whose plots show no name). */
  titleWithoutName: string;
  /** The link's description, before the plot codes. */
  description: string;
}

export const SHARE_TEXTS: Readonly<Record<Language, ShareTexts>> = {
  es: {
    parish: 'Parroquia Ortodoxa de Asturias',
    campaign: 'Construyamos juntos una iglesia en Asturias',
    plots: 'Parcelas',
    titleWithName: (name) => `${name} ayuda a construir la iglesia ortodoxa de Asturias`,
    titleWithoutName: 'Una parcela de la iglesia ortodoxa de Asturias',
    description: 'Parcelas donadas en el plano de la futura iglesia:',
  },
  en: {
    parish: 'Orthodox Parish of Asturias',
    campaign: 'Let us build a church in Asturias together',
    plots: 'Plots',
    titleWithName: (name) => `${name} helps build the Orthodox church of Asturias`,
    titleWithoutName: 'A plot of the Orthodox church of Asturias',
    description: 'Plots donated on the plan of the future church:',
  },
  ro: {
    parish: 'Parohia Ortodoxă din Asturias',
    campaign: 'Să construim împreună o biserică în Asturias',
    plots: 'Parcele',
    titleWithName: (name) => `${name} ajută la construirea bisericii ortodoxe din Asturias`,
    titleWithoutName: 'O parcelă a bisericii ortodoxe din Asturias',
    description: 'Parcele donate pe planul viitoarei biserici:',
  },
};

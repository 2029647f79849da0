/** What the parish's A4 documents share: the page, the usual margin and the inks. */
import { rgb } from 'pdf-lib';

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 };
/** The margin of the lists and letters (the certificate keeps a wider one of its own). */
export const PAGE_MARGIN = 56;
export const INK = rgb(0.13, 0.11, 0.1);
export const BURGUNDY = rgb(0.48, 0.12, 0.17);
export const MUTED = rgb(0.4, 0.36, 0.33);

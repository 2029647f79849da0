/**
 * The address of the parish's own plan of the church, which the map shows instead of the line
 * drawing; null when none is configured. Set at build time by `VITE_CHURCH_PLAN_IMAGE`, which the
 * build checks and serves under /assets/ (web/build/church-plan-image.ts, docs/deploy.md).
 */
import configured from 'virtual:church-plan-image-url';

export const CHURCH_PLAN_IMAGE_URL: string | null = configured;

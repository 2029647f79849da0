/**
 * The addresses a donor shares (docs/product.md, "Sharing a plot"): their certificate's check
 * page in their language, whose preview the server draws, and the plain links of the apps that
 * take a text or an address (no script of theirs runs on the site).
 */
import type { Language } from '@parroquia/domain';

/** `/verificar/<code>?lng=<language>` on this site. */
export function sharedPageUrl(origin: string, code: string, language: Language): string {
  return `${origin}/verificar/${encodeURIComponent(code)}?lng=${language}`;
}

export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

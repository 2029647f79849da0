import { LegalDocument } from '@/features/legal/components/legal-document';

export default function CookiePolicyRoute() {
  return <LegalDocument kind="cookies" />;
}

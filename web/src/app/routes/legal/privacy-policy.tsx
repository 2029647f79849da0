import { LegalDocument } from '@/features/legal/components/legal-document';

export default function PrivacyPolicyRoute() {
  return <LegalDocument kind="privacy" />;
}

import { LegalDocument } from '@/features/legal/components/legal-document';

export default function LegalNoticeRoute() {
  return <LegalDocument kind="notice" />;
}

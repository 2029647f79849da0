import { PrivacyConsent } from '@/features/auth/components/privacy-consent';
import { RequireAccess } from './access';

export default function PostLoginRoute() {
  return (
    <RequireAccess level="signed-in">
      <PrivacyConsent />
    </RequireAccess>
  );
}

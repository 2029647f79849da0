/**
 * Access rules of docs/screens.md and the access flow of docs/product.md, as one pure decision
 * (`accessDecision`, tested on its own) and the component that carries it out.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession, type Session } from '@/lib/session';
import styles from './root.module.css';

/**
 * `signed-in`: any account with a donor record; `donor`: privacy accepted; `staff`: and staff;
 * `open`: anyone may look (the map, docs/screens.md), but a signed-in account is a donor's.
 */
export type AccessLevel = 'signed-in' | 'donor' | 'staff' | 'open';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'wait'; text: 'loadingUser' | 'syncingUser' }
  | { kind: 'redirect'; to: string; keepReturnPath: boolean };

export function accessDecision(session: Session, level: AccessLevel): AccessDecision {
  if (session.status === 'loading') return { kind: 'wait', text: 'loadingUser' };
  if (session.status === 'signed-out') {
    // A session just refused is told on the sign-in page, and comes back here after it.
    if (level === 'open' && !session.refused) return { kind: 'allow' };
    return { kind: 'redirect', to: paths.login.getHref(), keepReturnPath: true };
  }
  switch (session.userState) {
    case 'loading':
      return { kind: 'wait', text: 'loadingUser' };
    case 'syncing':
      return { kind: 'wait', text: 'syncingUser' };
    case 'none':
      return { kind: 'redirect', to: paths.login.getHref(), keepReturnPath: true };
    case 'error':
      return { kind: 'redirect', to: paths.home.getHref(), keepReturnPath: false };
    case 'ready':
      break;
  }
  const user = session.user;
  if (!user) return { kind: 'redirect', to: paths.home.getHref(), keepReturnPath: false };
  if (level === 'staff' && !user.is_staff) {
    return { kind: 'redirect', to: paths.home.getHref(), keepReturnPath: false };
  }
  if (level !== 'signed-in' && !user.accepted_privacy_policy) {
    // The policy first, then on to this page.
    return { kind: 'redirect', to: paths.postLogin.getHref(), keepReturnPath: true };
  }
  return { kind: 'allow' };
}

export function RequireAccess({ level, children }: { level: AccessLevel; children: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const location = useLocation();
  const decision = accessDecision(session, level);
  if (decision.kind === 'allow') return children;
  if (decision.kind === 'wait') {
    return (
      <p className={styles.pending} role="status" data-testid="access-wait">
        <Spinner /> {t(`access.${decision.text}`)}
      </p>
    );
  }
  return (
    <Navigate
      to={decision.to}
      replace
      state={
        decision.keepReturnPath ? { returnTo: `${location.pathname}${location.search}` } : undefined
      }
    />
  );
}

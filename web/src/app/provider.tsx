/**
 * App-wide providers: translations are initialised on import; the query cache, the session and
 * toasts are mounted once here.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/lib/i18n';
import { DonorLanguage } from '@/lib/donor-language';
import { touchFirst } from '@/lib/pointer';
import { createQueryClient } from '@/lib/query-client';
import { QueryUpkeep } from '@/lib/query-upkeep';
import { SessionProvider } from '@/lib/session';
import { useToasterWanted } from '@/lib/toaster-demand';

/**
 * docs/screens.md: bottom-centre, above the map's selection buttons while they are shown
 * (`--toast-lift`); on a touch screen top-centre, where no button of the page is under it.
 * Close button, 4000 ms, 3 visible, 14 px gap (width 356 is sonner's default).
 */
export const TOASTER_SETTINGS = {
  position: 'bottom-center',
  offset: { bottom: 'calc(var(--toast-lift, 0px) + 24px)' },
  closeButton: true,
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
} as const;

/** The one cache of what the API answered, for every page (`lib/query-client.ts`). */
const queryClient = createQueryClient();

// Mounted once a module that may toast has loaded (lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <DonorLanguage />
        <QueryUpkeep />
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toaster
              {...TOASTER_SETTINGS}
              position={touchFirst() ? 'top-center' : TOASTER_SETTINGS.position}
              toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
            />
          </Suspense>
        )}
      </SessionProvider>
    </QueryClientProvider>
  );
}

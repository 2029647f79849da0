/**
 * While a form holds what its owner typed and has not saved, leaving the page asks first: the
 * browser's own question when the tab closes or reloads (`beforeunload`), and ours, in her
 * language, when she follows a link of the site. Nothing is asked once it is saved.
 */
import { useEffect } from 'react';

export function useLeaveWarning(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // A link of the site (the router's, or the header's): asked before it is followed.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [unsaved, question]);
}

/**
 * A modal dialog: the browser's own `<dialog>` opened with `showModal()`, so focus stays inside,
 * Escape closes it and the page behind is inert, with a heading and a close button (×) at its
 * top. It opens when mounted; `onClose` runs however it was closed (the ×, Escape), and the
 * caller then unmounts it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

export function Dialog({
  title,
  closeLabel,
  onClose,
  wide = false,
  children,
  ...rest
}: {
  title: string;
  /** The × button's accessible name, in the page's language. */
  closeLabel: string;
  onClose: () => void;
  /** Room for long texts (the how-to-donate steps) on a wide screen; a phone's width alike. */
  wide?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      data-wide={wide ? 'true' : undefined}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={rest['data-testid']}
    >
      <div className={styles.head}>
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className={styles.close}
          onClick={() => dialog.current?.close()}
          aria-label={closeLabel}
        >
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** The site's address as a QR code, drawn here (qr-path.ts): a phone in the hall opens the site. */
import { useMemo } from 'react';
import { qrDrawing } from '../qr-path';
import styles from './hall-screen.module.css';

/** Light modules around the code, as the standard asks, so a camera finds its corners. */
const QUIET_ZONE = 4;

export function SiteQrCode({ address, label }: { address: string; label: string }) {
  const { size, path } = useMemo(() => qrDrawing(address), [address]);
  const side = size + 2 * QUIET_ZONE;
  return (
    <svg
      className={styles.qr}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid="hall-qr"
      data-address={address}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

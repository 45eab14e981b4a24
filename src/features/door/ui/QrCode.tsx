// A QR code drawn here (uqr, a few kB) as SVG: dark modules on white with the standard quiet
// zone, so any camera reads it; nothing is sent anywhere to draw it.
import { useMemo } from 'react';
import { encode } from 'uqr';
import styles from './door.module.css';

/** Modules of white around the code, as the QR standard asks. */
const QUIET_ZONE = 4;

export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 0 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      }),
    );
    return { d, size: data.length + 2 * QUIET_ZONE };
  }, [value]);
  return (
    <svg className={styles['qr-code']} viewBox={`0 0 ${path.size} ${path.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

// A QR code drawn here as SVG from the module matrix `codeQr` makes (the one the far-read
// benchmark films): dark modules on white, with a quiet zone of 2 modules (code-qr.ts says why);
// nothing is sent anywhere to draw it.
import { useMemo } from 'react';
import { codeQr } from '../code-qr';
import styles from './door.module.css';

export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = codeQr(value);
    let d = '';
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d, size: modules.length };
  }, [value]);
  return (
    <svg className={styles['qr-code']} viewBox={`0 0 ${path.size} ${path.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

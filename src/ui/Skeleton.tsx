// A grey placeholder where data is still loading. Screen readers hear what is loading, as a status
// (an aria-label on a plain span is not announced and is refused by WCAG checks).
export function Skeleton({ shape, label }: { shape: 'field' | 'text' | 'button' | 'bar'; label: string }) {
  return (
    <span className={`skeleton skeleton--${shape}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

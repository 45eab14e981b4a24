// A person's photo, served by the app's own avatar route, or the first letter of their name where
// they have none: the header, the pass, the door's search and verdict, the profile.
import styles from './Avatar.module.css';

export function Avatar({
  photo,
  initial,
  alt,
  initialLabel,
  size,
  small = false,
  className,
  testId,
}: {
  photo: string | null;
  /** Shown without a photo; without both, nothing is (the header shows a photo or nothing). */
  initial?: string;
  /** The photo's alt text: empty where the name beside it says who it is. */
  alt: string;
  /** The letter read out as a picture; without it the letter is hidden from screen readers. */
  initialLabel?: string;
  /** The photo's width and height attributes, in CSS pixels. */
  size: number;
  small?: boolean;
  /** A screen's own size for it, one class more specific than the avatar's. */
  className?: string;
  /** On the photo, for a browser test that checks the picture itself. */
  testId?: string;
}) {
  const classes = [styles.avatar, small && styles['avatar--small'], className].filter(Boolean).join(' ');
  if (photo) {
    // eslint-disable-next-line @next/next/no-img-element -- served by our own avatar route
    return <img className={classes} src={photo} alt={alt} width={size} height={size} data-testid={testId} />;
  }
  if (initial === undefined) return null;
  return initialLabel ? (
    <span className={classes} role="img" aria-label={initialLabel}>
      {initial}
    </span>
  ) : (
    <span className={classes} aria-hidden="true">
      {initial}
    </span>
  );
}

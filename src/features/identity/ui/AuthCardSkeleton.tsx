// Holds the sign-in card's place while its script starts.
import styles from './auth.module.css';

export function AuthCardSkeleton() {
  return (
    <div className={styles['auth-card']} aria-hidden="true">
      <span className="skeleton skeleton--bar" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--button" />
    </div>
  );
}

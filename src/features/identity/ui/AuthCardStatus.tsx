// The sign-in card while something runs: a spinner and what is happening, announced politely.
import styles from './auth.module.css';

export function AuthCardStatus({ text }: { text: string }) {
  return (
    <div className={styles['auth-card']} aria-busy="true">
      <p className={styles['auth-card__status']} role="status">
        <span className="spinner" aria-hidden="true" /> {text}
      </p>
    </div>
  );
}

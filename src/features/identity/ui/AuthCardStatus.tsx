// The sign-in card while something runs: a spinner and what is happening, announced politely.
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import styles from './auth.module.css';

export function AuthCardStatus({ text }: { text: string }) {
  return (
    <div className={styles['auth-card']} aria-busy="true">
      <LoadingStatus>{text}</LoadingStatus>
    </div>
  );
}

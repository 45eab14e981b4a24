// While the VIP area reads the member's data: the shape of the page, not a blank screen.
import styles from '@/features/memberships/ui/VipHome.module.css';

export default function VipLoading() {
  return (
    <div className={styles['vip-home']} aria-busy="true">
      <span className="skeleton skeleton--bar" style={{ width: '40%' }} />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--field" />
    </div>
  );
}

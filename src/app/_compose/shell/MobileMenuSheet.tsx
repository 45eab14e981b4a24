'use client';
// The phone menu's sheet, built on Radix Dialog, which traps focus and closes on Escape. Loaded
// when the menu is first opened (./MobileMenu.tsx), so the header costs pages no dialog code.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { CloseIcon } from '@/ui/icons';
import { NavLink } from '@/ui/shell/NavLink';
import { AccountControl } from './AccountControl';
import { useVisibleItems, type NavItem } from './PrimaryNav';
import styles from '@/ui/shell/header.module.css';

export default function MobileMenuSheet({
  items,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it on close (there is no Dialog.Trigger to do it). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('Nav');
  const visible = useVisibleItems(items);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className={styles['sheet__header']}>
            <Dialog.Title className={styles['sheet__title']}>{t('menuTitle')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('closeMenu')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav className={styles['mobile-nav']} aria-label={t('primary')}>
            <ul>
              {visible.map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} onNavigate={() => onOpenChange(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountControl inMenu onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

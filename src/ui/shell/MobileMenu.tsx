'use client';
// Navigation on phones and tablets (below lg): a sheet built on Radix Dialog, which traps focus,
// closes on Escape and returns focus to the menu button.
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { CloseIcon, MenuIcon } from '@/ui/icons';
import { NavLink } from './NavLink';
import { AccountControl } from './AccountControl';
import { useVisibleItems, type NavItem } from './PrimaryNav';

export function MobileMenu({ items }: { items: NavItem[] }) {
  const t = useTranslations('Nav');
  const [open, setOpen] = useState(false);
  const visible = useVisibleItems(items);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="icon-button menu-button" aria-label={t('openMenu')}>
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="sheet" aria-describedby={undefined}>
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{t('menuTitle')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('closeMenu')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav className="mobile-nav" aria-label={t('primary')}>
            <ul>
              {visible.map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} onNavigate={() => setOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountControl inMenu onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

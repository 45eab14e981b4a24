'use client';
// Navigation on phones and tablets (below lg): a button that opens a sheet (./MobileMenuSheet,
// Radix Dialog: focus trapped, Escape closes, focus back on the button). The sheet's code is
// fetched when the button is first pointed at, focused or pressed, not with every page
// (decision 027).
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/ui/icons';
import type { NavItem } from './PrimaryNav';
import styles from '@/ui/shell/header.module.css';

const loadSheet = () => import('./MobileMenuSheet');
const MobileMenuSheet = lazy(loadSheet);

export function MobileMenu({ items }: { items: NavItem[] }) {
  const t = useTranslations('Nav');
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Rendered from the first opening on, so closing keeps Radix's exit and focus return.
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadSheet();
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`icon-button ${styles['menu-button']}`}
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet items={items} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}

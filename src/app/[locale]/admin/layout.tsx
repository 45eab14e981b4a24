// The admin screens read and write through tRPC with React Query: the provider wraps
// this area, not the root layout, so public pages ship none of it (decision 027).
import type { ReactNode } from 'react';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { TrpcProvider } from '@/trpc/client';

export default async function AdminLayout({ children, params }: LocaleParams & { children: ReactNode }) {
  return <TrpcProvider locale={await localeFrom(params)}>{children}</TrpcProvider>;
}

// A picture served resized for the device: the browser picks one of its renditions by the slot's
// `sizes`, and shows the alt text in the page's language. Which renditions a picture has is its
// owner's to say (the image library's: libraryImage() in src/features/images/renditions.ts).
import { useLocale } from 'next-intl';
import { localized, type Locale } from '@/i18n/routing';

export interface Rendition {
  url: string;
  width: number;
}

export function ResponsiveImage({
  renditions,
  width,
  height,
  alt,
  sizes,
  className,
  priority = false,
}: {
  /** Narrowest first; the first is the fallback of browsers that ignore srcset. */
  renditions: readonly Rendition[];
  width: number;
  height: number;
  alt: Readonly<Record<Locale, string>>;
  sizes: string;
  className?: string;
  /** The page's main image: loaded at once instead of when scrolled near. */
  priority?: boolean;
}) {
  const locale = useLocale();
  return (
    // eslint-disable-next-line @next/next/no-img-element -- renditions come from our own resizing route
    <img
      className={className}
      src={renditions[0]!.url}
      srcSet={renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={localized(alt, locale)}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}

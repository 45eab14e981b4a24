// An image of the library, served resized for the device (webp renditions from the app) with
// its alt text in the page's language.
import { useLocale } from 'next-intl';
import type { ImageSummary } from '../image-library';
import { RENDITION_WIDTHS, renditionUrl } from '../renditions';
import { localized } from '@/i18n/routing';

export function ResponsiveImage({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: Pick<ImageSummary, 'id' | 'width' | 'height' | 'alt'>;
  sizes: string;
  className?: string;
  /** The page's main image: loaded at once instead of when scrolled near. */
  priority?: boolean;
}) {
  const locale = useLocale();
  // Never wider than the original; a small original is served as it is (the 320 rendition).
  const fitting = RENDITION_WIDTHS.filter((width) => width <= image.width);
  const widths: readonly number[] = fitting.length ? fitting : [RENDITION_WIDTHS[0]];
  return (
    // eslint-disable-next-line @next/next/no-img-element -- renditions come from our own resizing route
    <img
      className={className}
      src={renditionUrl(image.id, widths[0]!)}
      srcSet={widths.map((width) => `${renditionUrl(image.id, width)} ${width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={localized(image.alt, locale)}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}

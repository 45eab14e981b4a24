// An event's cover, from the library's renditions, with its alt text in the page's language.
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { libraryImage } from '@/features/images/renditions';
import type { EventCover } from '../events';

export function EventCoverImage({ cover, sizes, className, priority }: { cover: EventCover; sizes: string; className?: string; priority?: boolean }) {
  return <ResponsiveImage {...libraryImage({ id: cover.imageId, width: cover.width, height: cover.height, alt: cover.alt })} sizes={sizes} className={className} priority={priority} />;
}

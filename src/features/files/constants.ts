// The image types the library accepts; shared by the upload page and the server's file uses.
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

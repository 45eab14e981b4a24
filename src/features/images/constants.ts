// The image library's bounds, free of schemas and server code so the browser's live reads (both
// backends) can use it without loading the schema library (decision 027).

/** The library is shown whole, newest first; this bounds it (both backends' live reads use it). */
export const LIBRARY_LIMIT = 500;

/** An alt text's length, per language: checked by the image form as typed and by the server. */
export const ALT_MAX = 300;

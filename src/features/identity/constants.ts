// What the account's forms and the server agree on, light enough for the browser (no schema library).
export const DISPLAY_NAME_MAX = 80;

// The user list's choices, shared by the server's input schema and the page's controls.
export const USER_SORTS = ['createdAt', 'lastSignInAt'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;

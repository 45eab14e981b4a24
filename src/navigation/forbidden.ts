// Where the proxy sends a signed-in person who lacks the role a page needs (status 403).
export const FORBIDDEN_SEGMENT = 'access-denied';

// The roles of the specification. A person without a role is signed in but not a member.
export const ROLES = ['user', 'admin', 'scanner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

// The roles of the specification. A person without a role is signed in but not a member.
export const ROLES = ['user', 'admin', 'scanner'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an admin gives directly; the member role (`user`) comes with a membership. */
export const STAFF_ROLES = ['admin', 'scanner'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: Role | null): value is StaffRole {
  return (STAFF_ROLES as readonly (Role | null)[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

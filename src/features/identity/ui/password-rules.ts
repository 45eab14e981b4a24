// A new password's rules, as the sign-up form and the reset page check them before Firebase, which
// has the last word ('weakPassword').
import { rules, type Rule } from '@/forms/validation';

/** Firebase's default minimum (specification: 6, configured on the server). */
export const PASSWORD_MIN_LENGTH = 6;

const longEnough: Rule = (value) => (value === '' || value.length >= PASSWORD_MIN_LENGTH ? null : 'tooShort');

export const NEW_PASSWORD_RULES: readonly Rule[] = [rules.required, longEnough];

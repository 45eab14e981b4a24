// Zod building blocks for the procedures' inputs whose issues read well at a form's field: each
// names its message from the forms' table (./form-messages.ts) where zod's own issue would say
// less ("numbers only" for text in a number field, "required" for an empty one).
import { z } from 'zod';

export const formFields = {
  /** A text that must not be empty once trimmed. */
  requiredText: () => z.string().trim().min(1, 'required'),
  /** An e-mail address, required. */
  email: () => z.string().trim().min(1, 'required').pipe(z.email('email')),
  /**
   * A number typed into a field: an empty field (null, see numberOf) is "required", text that is
   * no number "numbers only"; its bounds' issues keep their own words ("Use at least 1").
   */
  number: () => z.number({ error: (issue) => (issue.code === 'invalid_type' && issue.expected === 'number' ? (issue.input == null ? 'required' : 'numeric') : undefined) }),
};

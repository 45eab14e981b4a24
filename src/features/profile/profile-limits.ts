// What the profile form and the server agree on, light enough for the browser (no schema library).
export const DISPLAY_NAME_MAX = 80;

/** What a person without an e-mail address types to confirm the deletion of their account. */
export const DELETE_WORD = 'delete';

/** The query a page returns with after signing in again to delete the account: the dialog opens. */
export const DELETE_AGAIN_PARAM = 'delete-account';

/** The home page's query after an account deletion: the page then says the account is gone. */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';

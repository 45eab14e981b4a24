// What the profile form and the server agree on, light enough for the browser (no schema library).

/**
 * The most pixels a profile photo's upload may have, per side. The editor sends a 1024 px square
 * and the photo is kept at 512 px: twice the editor's side is room enough, and decoding it takes
 * 16 MB where the 50 megapixels sharp would otherwise accept take 200 MB.
 */
export const AVATAR_MAX_SIDE = 2048;

/** What a person without an e-mail address types to confirm the deletion of their account. */
export const DELETE_WORD = 'delete';

/** The query a page returns with after signing in again to delete the account: the dialog opens. */
export const DELETE_AGAIN_PARAM = 'delete-account';

/** The home page's query after an account deletion: the page then says the account is gone. */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';

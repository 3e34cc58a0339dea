/**
 * The fetched dialogs a shared fragment's link may open (its `data-opens`): apart from the dialogs'
 * views, so that a page can tell its fragments' clicks which it opens without bringing the views.
 */
export const VENDOR_GAMES_DIALOG = "vendor-games";
export const GROUP_LIST_DIALOG = "lottery-list";

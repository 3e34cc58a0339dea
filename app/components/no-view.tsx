/**
 * The view of a route that only takes posts (free play, social sign-in, Telegram). It is never
 * drawn: its action redirects. A route with a view is a document, so a refused post (cross-site,
 * not a form) or a switched-off way in gets the site's error page in the shell, not plain text.
 */
export function NoView() {
  return null;
}

/**
 * The sandbox of every frame that shows an operator's or a vendor's page: the in-page game and
 * the free trial (/seamless, /trial), the lottery client (/lottery, /vnLottery) and the trend
 * chart (/lottery/trend). Issue 22: a framed page must not be able to navigate the portal's own
 * tab on its own (a script replacing the portal with a look-alike login), so there is no
 * `allow-top-navigation`.
 *
 * What stays is what games need: their scripts, their own origin's cookies and storage
 * (allow-same-origin is safe here because no frame ever shows the portal's own origin: frame-src
 * names only the operator's and the games' origins), bet forms, the vendor's pop-ups (help,
 * cashier, rules) opening as ordinary windows, and alert/confirm dialogs.
 *
 * `allow-top-navigation-by-user-activation` stays too: the lottery client's Back is a link with
 * `target="_top"` to the portal, and a game's own lobby or Back button does the same. The
 * browser lets the frame leave to the top only inside a click the player made, which is the
 * player choosing to leave, not the frame taking the tab over.
 */
export const GAME_FRAME_SANDBOX = [
  "allow-scripts",
  "allow-same-origin",
  "allow-forms",
  "allow-popups",
  "allow-popups-to-escape-sandbox",
  "allow-modals",
  "allow-top-navigation-by-user-activation",
].join(" ");

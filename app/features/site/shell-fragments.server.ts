/**
 * The shell's shared fragments as the root's loader draws them into the store (ensureFragment):
 * imported here, a `.server` module, so that the root's browser chunk does not bring the parts
 * back; the browser draws them as lazy parts (shell.tsx, toolbar.tsx).
 */
export { GameMenuNav } from "~/features/games/game-menu";
export { FooterBody, LanguageMenuBody } from "./shell-fragments";
export { ToolbarBody } from "./toolbar-body";

/** The chevron of a game-menu group that opens a panel (it turns with app.css when the panel opens). */
export function MenuChevron() {
  return (
    <svg className="game-menu__chevron" viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" />
    </svg>
  );
}

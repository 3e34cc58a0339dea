/** Draw results as balls (document 001, section 9: winNo digits are shown as balls). */
import type { DrawView } from "./lottery.server";

export function Balls({ balls, small, label }: { balls: readonly string[]; small?: boolean; label?: string }) {
  return (
    <span className={small ? "lottery-balls lottery-balls--small" : "lottery-balls"} role="img" aria-label={label ?? balls.join(", ")}>
      {balls.map((ball, i) => (
        <span key={i} className="lottery-ball" aria-hidden="true">
          {ball}
        </span>
      ))}
    </span>
  );
}

/** The last draws of a game: issue number and balls, newest first. */
export function DrawList({
  draws,
  issueLabel,
  title,
}: {
  draws: readonly DrawView[];
  issueLabel: (numero: string) => string;
  title: string;
}) {
  if (!draws.length) return null;
  return (
    <ol className="draw-list" aria-label={title} data-testid="draw-list">
      {draws.map((draw) => (
        <li key={draw.numero} className="draw-list__row">
          <span className="draw-list__numero">{issueLabel(draw.numero)}</span>
          <Balls balls={draw.balls} small />
        </li>
      ))}
    </ol>
  );
}

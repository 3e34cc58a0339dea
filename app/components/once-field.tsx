/** The one-time submission key of a money form (app/server/once.server.ts), posted as `once`. */
export function OnceField({ value }: { value: string }) {
  return <input type="hidden" name="once" value={value} />;
}

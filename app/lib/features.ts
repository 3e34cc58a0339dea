/**
 * Whitelabel switches (document 002's catalogue) through one helper: a switched-off feature
 * is neither rendered nor called. A switch the operator does not list counts as off.
 */
export class Features {
  constructor(private readonly switches: Readonly<Record<string, boolean>>) {}

  has(code: string): boolean {
    return this.switches[code] === true;
  }

  /** Modules that are explicitly off: the client refuses to call them. */
  disabledModules(): Set<string> {
    return new Set(
      Object.entries(this.switches)
        .filter(([, on]) => !on)
        .map(([code]) => code),
    );
  }
}

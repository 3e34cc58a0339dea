/**
 * A pure function's result kept per identity of its arguments: objects by reference (held
 * weakly, so an answer the operator cache has let go of takes its results with it), anything
 * else by value. For views built from cached operator answers, which are the same objects for as
 * long as the cache keeps them: the view is built once per answer, not once per page view, and
 * stays the same object, so what is keyed by it (a shared fragment's digest) is worked out once.
 */
type Level = { weak: WeakMap<object, Level>; strong: Map<unknown, Level>; done: boolean; value?: unknown };

const level = (): Level => ({ weak: new WeakMap(), strong: new Map(), done: false });

export function memoByArguments<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const root = level();
  return (...args: A): R => {
    let node = root;
    for (const arg of args) {
      const isObject = (typeof arg === "object" && arg !== null) || typeof arg === "function";
      let next = isObject ? node.weak.get(arg as object) : node.strong.get(arg);
      if (!next) {
        next = level();
        if (isObject) node.weak.set(arg as object, next);
        else node.strong.set(arg, next);
      }
      node = next;
    }
    if (!node.done) {
      node.value = fn(...args);
      node.done = true;
    }
    return node.value as R;
  };
}

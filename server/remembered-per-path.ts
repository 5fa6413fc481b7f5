const MAX_REMEMBERED_PATHS = 5_000;

/**
 * `compute` remembered per request path. Matching a path ranks the whole route table every time, far dearer than
 * the request it serves. Paths come from anyone, so the memory is bounded: it starts over when full.
 */
export function rememberedPerPath<T>(compute: (pathname: string) => T): (pathname: string) => T {
  const known = new Map<string, T>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname)!;
    const value = compute(pathname);
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(pathname, value);
    return value;
  };
}

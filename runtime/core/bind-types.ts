/**
 * Type-level counterpart of binding: parameters given at client creation become optional in
 * every call, so calls need no per-call plumbing but may still override them.
 */
type Methods = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

type Loosen<T, K extends PropertyKey> = T extends object
  ? Omit<T, Extract<keyof T, K>> & Partial<Pick<T, Extract<keyof T, K>>>
  : T;

type RequiredKeys<T> = { [Key in keyof T]-?: {} extends Pick<T, Key> ? never : Key }[keyof T];

/** A location whose remaining keys are all optional becomes optional itself, so `params` can be left out. */
type BindLocation<P, Loc extends PropertyKey, K extends PropertyKey> = Loc extends keyof P
  ? P[Loc] extends object
    ? [RequiredKeys<Loosen<P[Loc], K>>] extends [never]
      ? { [L in Loc]?: Loosen<P[Loc], K> }
      : { [L in Loc]: Loosen<P[Loc], K> }
    : Pick<P, Loc>
  : {};

type BindParameters<P, K extends PropertyKey> = Omit<P, "path" | "header"> &
  BindLocation<P, "path", K> &
  BindLocation<P, "header", K>;

type BindOperation<Op, K extends PropertyKey> = Op extends { parameters: infer P }
  ? Omit<Op, "parameters"> & { parameters: BindParameters<P, K> }
  : Op;

export type BindPaths<Paths, K extends PropertyKey> = [K] extends [never]
  ? Paths
  : {
      [Path in keyof Paths]: {
        [M in keyof Paths[Path]]: M extends Methods ? BindOperation<Paths[Path][M], K> : Paths[Path][M];
      };
    };

/**
 * Type-level counterpart of binding: parameters given at client creation become optional in
 * every call, so calls need no per-call plumbing but may still override them.
 */
type Methods = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

type Loosen<T, K extends PropertyKey> = T extends object
  ? Omit<T, Extract<keyof T, K>> & Partial<Pick<T, Extract<keyof T, K>>>
  : T;

type BindParameters<P, K extends PropertyKey> = {
  [Loc in keyof P]: Loc extends "path" | "header" ? Loosen<P[Loc], K> : P[Loc];
};

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

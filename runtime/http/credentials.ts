/**
 * One credential in an Authorization value. The field is a singleton (RFC 9110 §11.6.2); two
 * lines of it arrive joined ("Bearer a, Basic Yjpj") on every form, since WHATWG Headers and
 * fetch join them. Basic and Bearer credentials are `<scheme> 1*SP token68` (RFC 7617 §2,
 * RFC 6750 §2.1), which no joined value is: such a request is refused as unauthenticated
 * everywhere, never answered with whichever credential a form happened to keep.
 */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Whether `authorization` is exactly one credential of `scheme` (`basic`, `bearer`, case-insensitive). */
export function oneCredential(authorization: string, scheme: string): boolean {
  const space = authorization.indexOf(" ");
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return false;
  return TOKEN68.test(authorization.slice(space + 1).replace(/^ +/, ""));
}

/**
 * One credential in an Authorization value. The field is a singleton (RFC 9110 §11.6.2); two
 * lines of it arrive joined with a comma ("Bearer a, Basic Yjpj") on every form, since WHATWG
 * Headers and fetch join them. A Basic or Bearer credential never holds a comma (token68,
 * RFC 7617 §2 and RFC 6750 §2.1), so such a request is answered as one without credentials
 * everywhere, never with whichever credential a form happened to keep. Spaces are not refused:
 * the identity SDKs send `Bearer <access_token> <id_token>` as one credential.
 */
/** Whether `authorization` is one non-empty credential of `scheme` (`basic`, `bearer`, case-insensitive). */
export function oneCredential(authorization: string, scheme: string): boolean {
  const space = authorization.indexOf(" ");
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return false;
  const credential = authorization.slice(space + 1);
  return credential.trim() !== "" && !credential.includes(",");
}

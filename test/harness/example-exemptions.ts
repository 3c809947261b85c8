/**
 * Examples whose documented answer, as written, is not a success, each with that answer and why
 * (the test holds them to it, so an exemption that no longer applies fails).
 */
export const EXEMPT: Record<string, { status: number; why: string }> = {
  "logoutSso parameters": { status: 303, why: "the SSO session travels in a cookie whose name the interface document does not show; the example carries none, so the documented answer is the missing_sso_code redirect" },
  "logoutSso all_sessions=example": { status: 303, why: "as logoutSso parameters: no SSO cookie, so missing_sso_code" },
  "authorize code_challenge_method=example": { status: 303, why: "code_challenge_method alone, without code_challenge, is the documented invalid_request redirect (RFC 7636 §4.3); its example is meant beside code_challenge's, which the authorize example with both sends" },
};


/** The credentials of one running reference server: random per start, never hard-coded (§5). */
import { randomBytes } from "node:crypto";
import type { ReferenceUserName } from "./data/referenceData.js";

/** The client id and the two users' bearer tokens. */
export interface ReferenceCredentials {
  readonly clientId: string;
  /** Admin token: holds the Visualizar permission. */
  readonly token: string;
  /** Restricted token: no Visualizar permission. */
  readonly restrictedToken: string;
}

/** Creates fresh random credentials. */
export function createReferenceCredentials(): ReferenceCredentials {
  const random = (prefix: string) => `${prefix}-${randomBytes(16).toString("hex")}`;
  return { clientId: random("client"), token: random("admin"), restrictedToken: random("restricted") };
}

/** The user a bearer token stands for, if any. */
export function userForToken(credentials: ReferenceCredentials, token: string): ReferenceUserName | undefined {
  if (token === credentials.token) return "admin";
  if (token === credentials.restrictedToken) return "restricted";
  return undefined;
}

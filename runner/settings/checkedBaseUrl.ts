/** Checks a base URL for what a schema cannot say: one the operation paths can be appended to, without credentials. */
import { ConfigurationError } from "../model/ConfigurationError.js";

/** A base URL as it may be shown: without anything between // and @. */
export function showUrl(text: string): string {
  return JSON.stringify(text.replace(/\/\/[^/]*@/, "//…@"));
}

const APPENDABLE = "give the URL the operation paths are appended to, e.g. https://api.example.com/prefix";

/** A base URL the operation paths can be appended to, or a sentence saying what is wrong. */
export function checkedBaseUrl(text: string, name: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(`${name} ${showUrl(text)} is not a URL; give one like https://api.example.com`);
  }
  // Userinfo first, and never echoed: today's reports would carry the password.
  if (url.username !== "" || url.password !== "" || /^[^/]*\/\/[^/]*@/.test(text)) {
    throw new ConfigurationError(
      `${name} carries a user name or password (user:pass@); remove it, since credentials go only in the ` +
        `client_id and Authorization headers (--client-id, --token)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigurationError(`${name} must use http or https, not ${url.protocol}`);
  if (text.includes("?")) throw new ConfigurationError(`${name} has a query string (?…); ${APPENDABLE}`);
  if (text.includes("#")) throw new ConfigurationError(`${name} has a fragment (#…); ${APPENDABLE}`);
  return text.replace(/\/+$/, "");
}

/**
 * The part of a URL two answers may disagree on (register list-get-consistency): the values of its
 * query parameters, which a presigned URL (S3, GCS, Azure SAS, a CDN token) re-signs on every answer.
 * Its scheme, host, path, fragment and the names of its query parameters must agree.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";

/** The §2.1 fields that hold a URL (url, thumbnailURL). */
const URL_FIELDS: ReadonlySet<string> = new Set(["url", "thumbnailURL"]);

/** The URL with each query parameter's value removed: `https://h/p?X-Amz-Signature=ab&e=9#f` → `https://h/p?X-Amz-Signature&e#f`. */
export function withoutQueryValues(url: string): string {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  if (queryAt < 0) return url;
  const names = beforeHash
    .slice(queryAt + 1)
    .split("&")
    .map((parameter) => parameter.split("=")[0]);
  return `${beforeHash.slice(0, queryAt)}?${names.join("&")}${hash}`;
}

/** Whether two values of a field agree as URLs: equal, or different only in the values of their query parameters. */
export function sameUrl(field: string, left: unknown, right: unknown): boolean {
  return (
    URL_FIELDS.has(field) &&
    typeof left === "string" &&
    typeof right === "string" &&
    withoutQueryValues(left) === withoutQueryValues(right)
  );
}

/** A copy of `json` with the query values of every url and thumbnailURL removed, for comparing two whole answers. */
export function withoutUrlQueryValues(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutUrlQueryValues);
  if (!isJsonObject(json)) return json;
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => [
      key,
      URL_FIELDS.has(key) && typeof value === "string" ? withoutQueryValues(value) : withoutUrlQueryValues(value),
    ]),
  );
}

/**
 * Ids a real id is near to (issue 49.4): cut short, without its last path segment, and with the letter case of
 * its path changed. None names the item the real id names: §4.3 and §4.4 find an item by its identifier, and
 * RFC 3986 §6.2.2.1 makes only a URI's scheme and host case-insensitive, so a lookup that serves the real item
 * for one of them matches by prefix or ignores case. Which of them a target may also refuse with 400 is the
 * register's (near-miss-ids).
 */

/** How a near-miss id was made from a real one. */
export type NearMissKind = "cut short" | "last segment cut" | "path case changed";

/** One id near a real one. */
export interface NearMissId {
  readonly kind: NearMissKind;
  readonly id: string;
  readonly from: string;
}

/** The scheme and authority of an id (`widget://tenant`), and the rest (`/a/b`); undefined when it has no `://`. */
function splitId(id: string): { head: string; path: string } | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*)(\/.*)$/s.exec(id);
  return match ? { head: match[1] as string, path: match[2] as string } : undefined;
}

/** The id with half of its last segment's characters cut (at least one kept): a prefix of it. */
function cutShort(id: string): string | undefined {
  if (!splitId(id)) return undefined;
  const characters = [...id];
  const lastSegment = [...(id.split("/").at(-1) ?? "")];
  if (lastSegment.length < 2) return undefined;
  return characters.slice(0, characters.length - Math.ceil(lastSegment.length / 2)).join("");
}

/** The id without its last path segment, while the path keeps one. */
function lastSegmentCut(id: string): string | undefined {
  const parts = splitId(id);
  if (!parts) return undefined;
  const segments = parts.path.split("/").slice(1);
  if (segments.length < 2) return undefined;
  return `${parts.head}/${segments.slice(0, -1).join("/")}`;
}

/**
 * The id with the letter case of its path swapped; undefined when the path has no letter beyond a–f: a
 * hexadecimal identifier (a UUID) compares without case (RFC 9562 §4), so changing it proves nothing.
 */
function pathCaseChanged(id: string): string | undefined {
  const parts = splitId(id);
  if (!parts || !/[g-zG-Z]|[^\x00-\x7f]/u.test(parts.path.replace(/[^\p{L}]/gu, ""))) return undefined;
  const swapped = [...parts.path]
    .map((character) => {
      const lower = character.toLowerCase();
      return character === lower ? character.toUpperCase() : lower;
    })
    .join("");
  return swapped === parts.path ? undefined : `${parts.head}${swapped}`;
}

/**
 * The near-miss ids of `ids` that are not themselves among `known` (each kind once, at most `limit` in all). Only
 * ids in a URI's form (scheme://host/path) have near misses: an id in another form is the schema checks' to judge.
 */
export function nearMissIds(ids: readonly string[], known: ReadonlySet<string>, limit: number): NearMissId[] {
  const made: NearMissId[] = [];
  const makers: readonly [NearMissKind, (id: string) => string | undefined][] = [
    ["cut short", cutShort],
    ["last segment cut", lastSegmentCut],
    ["path case changed", pathCaseChanged],
  ];
  for (const [kind, make] of makers) {
    for (const from of ids) {
      const id = make(from);
      if (id === undefined || known.has(id) || made.some((near) => near.id === id)) continue;
      made.push({ kind, id, from });
      break;
    }
  }
  return made.slice(0, limit);
}

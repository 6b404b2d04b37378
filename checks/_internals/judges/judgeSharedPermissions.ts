/**
 * Widgets that carry the same permission are listed, or not, together (register permission-sufficiency):
 * §2.1 makes a widget's permission the resource needed to access it, a necessary condition and not a
 * sufficient one, so a split is a warning: another condition (a licence) may hide a widget.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { OperationName } from "../../../contract/operations.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { itemKey } from "../walks/listingPage.js";
import { walkListing, type ListingWalk } from "../walks/walkListing.js";

/** The two users whose widget listings are compared. */
type ListingUser = "admin" | "restricted";
const USERS: readonly ListingUser[] = ["admin", "restricted"];

/** The permission of a listed widget as a comparable key (resource and action, §2.2); undefined without one. */
export function permissionKey(item: unknown): string | undefined {
  if (!isJsonObject(item) || !isJsonObject(item.permission)) return undefined;
  const { resource, action } = item.permission;
  if (typeof resource !== "string" || typeof action !== "string") return undefined;
  return JSON.stringify([resource, action]);
}

/** Two widgets of one permission that one user's listing splits: the one it lists and the one it does not. */
export interface PermissionSplit {
  readonly user: ListingUser;
  readonly permission: string;
  readonly shown: string;
  readonly hidden: string;
}

/** The widgets (item keys) of each permission held by more than one widget of either listing. */
export function sharedPermissions(listings: Readonly<Record<ListingUser, readonly unknown[]>>): Map<string, string[]> {
  const byPermission = new Map<string, Set<string>>();
  for (const user of USERS) {
    for (const item of listings[user]) {
      const permission = permissionKey(item);
      if (permission === undefined) continue;
      byPermission.set(permission, (byPermission.get(permission) ?? new Set()).add(itemKey(item)));
    }
  }
  return new Map([...byPermission].filter(([, keys]) => keys.size > 1).map(([key, keys]) => [key, [...keys]]));
}

/** For each user, every shared permission its listing splits: one widget listed, another of the same permission not. */
export function permissionSplits(listings: Readonly<Record<ListingUser, readonly unknown[]>>): PermissionSplit[] {
  const shared = sharedPermissions(listings);
  return USERS.flatMap((user) => {
    const listed = new Set(listings[user].map(itemKey));
    return [...shared].flatMap(([permission, keys]) => {
      const shown = keys.find((key) => listed.has(key));
      const hidden = keys.find((key) => !listed.has(key));
      return shown !== undefined && hidden !== undefined ? [{ user, permission, shown, hidden }] : [];
    });
  });
}

/** Walks both users' listings anew (not the run's shared walks): the confirming re-read. */
async function walkAgain(context: CheckContext, operation: OperationName): Promise<Record<ListingUser, ListingWalk>> {
  const { largest } = await knowledgeOf(context.target).pageSizeLimits(operation);
  const walk = (caller: ListingUser) =>
    walkListing(context.target, operation, {
      caller,
      pageSize: largest,
      maxPages: context.target.settings.maxPagesWalked,
    });
  return { admin: await walk("admin"), restricted: await walk("restricted") };
}

/** An item key as a reader knows it: the widget's id when it has one. */
const shownAs = (key: string) => key.replace(/^id:/, "");

/** The page of `walk` that lists `key`, for evidence. */
const pageListing = (walk: ListingWalk, key: string) =>
  walk.pages.find((page) => page.page.items.some((item) => itemKey(item) === key));

/** Judges one widget listing operation: splits depart once both listings, walked again, split the same permission. */
export async function judgeSharedPermissions(context: CheckContext, operation: OperationName): Promise<void> {
  const { target, judge } = context;
  const knowledge = knowledgeOf(target);
  const walks = {
    admin: await knowledge.listing(operation, "admin"),
    restricted: await knowledge.listing(operation, "restricted"),
  };
  if (!walks.admin.complete || !walks.restricted.complete)
    return judge.skip(
      `both widget listings must be walked completely to compare widgets of one permission (admin: ` +
        `${walks.admin.stop?.message ?? "ok"}; restricted: ${walks.restricted.stop?.message ?? "ok"}).`,
    );
  const items = { admin: walks.admin.items, restricted: walks.restricted.items };
  const shared = sharedPermissions(items);
  if (shared.size === 0)
    return judge.skip(
      "no two widgets of either listing carry the same permission (resource and action): nothing to compare.",
    );
  const splits = permissionSplits(items);
  if (splits.length === 0) {
    const first = walks.restricted.pages[0];
    if (first) judge.witness(evidence("restricted listing, page 0", first.exchange));
    return judge.note(`${shared.size} permission(s) held by several widgets: each user lists all of them or none.`);
  }
  const again = await walkAgain(context, operation);
  const confirmed = permissionSplits({ admin: again.admin.items, restricted: again.restricted.items }).filter((split) =>
    splits.some((first) => first.user === split.user && first.permission === split.permission),
  );
  if (!again.admin.complete || !again.restricted.complete || confirmed.length === 0)
    return judge.note(
      `${splits.length} permission(s) split by a listing were not split the same way when both listings were walked again: not blamed.`,
    );
  for (const split of confirmed.slice(0, 3)) {
    const other: ListingUser = split.user === "admin" ? "restricted" : "admin";
    const [resource, action] = JSON.parse(split.permission) as [string, string];
    const shownPage = pageListing(again[split.user], split.shown);
    const hiddenPage = pageListing(again[other], split.hidden);
    judge.depart(
      "permission-sufficiency",
      `the ${split.user} user's widget listing shows ${shownAs(split.shown)} but not ` +
        `${shownAs(split.hidden)}, which needs the same permission (${resource}, ${action}), in both walks.`,
      {
        expected:
          "both widgets listed or neither: the register's default reads one permission (resource and action) as deciding whether a user may view them",
        actual: `listed: ${shownAs(split.shown)}; not listed: ${shownAs(split.hidden)}${hiddenPage ? ` (the ${other} user's listing shows it)` : ""}`,
        evidence: [
          ...(shownPage ? [evidence(`${split.user} listing, page ${shownPage.pageNumber}`, shownPage.exchange)] : []),
          ...(hiddenPage ? [evidence(`${other} listing, page ${hiddenPage.pageNumber}`, hiddenPage.exchange)] : []),
        ],
      },
    );
  }
}

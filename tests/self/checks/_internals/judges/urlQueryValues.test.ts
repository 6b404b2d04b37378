import { describe, expect, it } from "vitest";
import {
  sameUrl,
  withoutQueryValues,
  withoutUrlQueryValues,
} from "../../../../../checks/_internals/judges/urlQueryValues.js";
import { differingFields } from "../../../../../checks/_internals/judges/differingFields.js";

describe("withoutQueryValues", () => {
  it("keeps the path, the parameter names and the fragment, and drops the values", () => {
    expect(withoutQueryValues("https://cdn.t/a.png?X-Amz-Signature=ab12&X-Amz-Expires=900#top")).toBe(
      "https://cdn.t/a.png?X-Amz-Signature&X-Amz-Expires#top",
    );
    expect(withoutQueryValues("../thumbs/a.png")).toBe("../thumbs/a.png");
    expect(withoutQueryValues("/a?flag")).toBe("/a?flag");
  });
});

describe("sameUrl", () => {
  it("accepts another signature, and refuses another path, another parameter or a field that holds no URL", () => {
    expect(sameUrl("thumbnailURL", "https://c/a.png?sig=1", "https://c/a.png?sig=2")).toBe(true);
    expect(sameUrl("thumbnailURL", "https://c/v1/a.png?sig=1", "https://c/v2/a.png?sig=1")).toBe(false);
    expect(sameUrl("url", "https://c/a.html", "https://c/a.html?rev=2")).toBe(false);
    expect(sameUrl("name", "k?x=1", "k?x=2")).toBe(false);
  });
});

describe("differingFields with signed URLs", () => {
  const widget = (thumbnailURL: string) => ({ id: "widget://t/w", name: "k", thumbnailURL });

  it("sees no difference in a thumbnailURL signed anew, and still sees one in its path", () => {
    expect(
      differingFields(widget("https://c/a.png?s=1"), widget("https://c/a.png?s=2"), "components/Widget.json"),
    ).toEqual([]);
    expect(
      differingFields(widget("https://c/1/a.png?s=1"), widget("https://c/2/a.png?s=1"), "components/Widget.json").map(
        (difference) => difference.field,
      ),
    ).toEqual(["thumbnailURL"]);
  });
});

describe("withoutUrlQueryValues", () => {
  it("drops the query values of the URL fields of every widget of a body, and nothing else", () => {
    const body = {
      widgets: [{ thumbnailURL: "https://c/a.png?s=1", name: "k?s=1" }],
      listInformation: { totalElements: 1 },
    };
    expect(withoutUrlQueryValues(body)).toEqual({
      widgets: [{ thumbnailURL: "https://c/a.png?s", name: "k?s=1" }],
      listInformation: { totalElements: 1 },
    });
  });
});

/** A scripted target for the helpers' unit tests: a few widgets and landing pages, paged as asked. */
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";

/** A target with widgets w0…w(n-1) and landing pages p0…p2, titled and tagged. */
export function smallTarget(widgets: number) {
  return (request: OutgoingRequest): FakeAnswer => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as {
      pagination?: { pageNumber: number; pageSize: number };
    };
    const { pageNumber, pageSize } = body.pagination ?? { pageNumber: 0, pageSize: 10 };
    const landing = request.path.endsWith("listLandingPages");
    const all = landing
      ? [0, 1, 2].map((n) => ({ id: `landing://t/p${n}`, title: `Page ${n}` }))
      : Array.from({ length: widgets }, (_, n) => ({ id: `widget://t/w${n}`, tags: [`tag${n % 2}`] }));
    const items = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize);
    return {
      status: 200,
      json: {
        [landing ? "landingPages" : "widgets"]: items,
        listInformation: { totalElements: all.length, totalPages: Math.ceil(all.length / pageSize) },
      },
    };
  };
}

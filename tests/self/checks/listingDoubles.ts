/** A widget listing served page by page, for the walks' unit tests. */
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";

export const widget = (n: number) => ({ id: `widget://t/w${n}` });

/** A widget listing of `total` items that serves pages as asked (totals computed for the page size). */
export function listing(
  total: number,
  tweak: (page: number, answer: FakeAnswer) => FakeAnswer = (_page, answer) => answer,
) {
  return (request: OutgoingRequest): FakeAnswer => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as {
      pagination?: { pageNumber: number; pageSize: number };
    };
    const { pageNumber, pageSize } = body.pagination ?? { pageNumber: 0, pageSize: 10 };
    const items = Array.from({ length: total }, (_, index) => widget(index)).slice(
      pageNumber * pageSize,
      (pageNumber + 1) * pageSize,
    );
    return tweak(pageNumber, {
      status: 200,
      json: { widgets: items, listInformation: { totalElements: total, totalPages: Math.ceil(total / pageSize) } },
    });
  };
}

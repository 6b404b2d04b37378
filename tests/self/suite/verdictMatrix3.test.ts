/** The strict verdict matrix, part 3 of 4: the rows verdictMatrixRows.ts gives this part. */
import { describeVerdictMatrixRows } from "./verdictMatrixRows.js";

describeVerdictMatrixRows(2);

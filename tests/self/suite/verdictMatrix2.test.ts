/** The strict verdict matrix, part 2 of 2: the rows verdictMatrixRows.ts gives this part. */
import { describeVerdictMatrixRows } from "./verdictMatrixRows.js";

describeVerdictMatrixRows(1);

/**
 * Collects what a check found and turns it into one outcome (docs/design.md §3):
 * a stated rule broken → failed; a register default departed from → warning (failed under
 * --profile strict); what could not be judged → error; nothing found → passed. The worst finding
 * wins (failed, then error, then warning); every finding keeps
 * its evidence and its expected/actual pair (STYLE: Step CI).
 */
import type { EvidenceItem, Outcome, PropertyFailure } from "../model/RunReport.js";
import type { Exchange } from "../model/Exchange.js";
import type { SchemaIssue } from "../../contract/schemaIssue.js";
import type { Profile } from "../model/RunSettings.js";
import { exchangeRedactor } from "../http/exchangeRedactor.js";
import { incompleteAnswer } from "./incompleteAnswer.js";

/** One thing a check found. */
export interface Finding {
  readonly outcome: "failed" | "warning" | "error";
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly register?: string;
  readonly evidence: readonly EvidenceItem[];
  /** An error that overrules every other finding (Judgement.overrule): nothing else the check found stands. */
  readonly overrules?: boolean;
}

/** Details of a finding. */
export interface FindingDetails {
  readonly expected?: string;
  readonly actual?: string;
  /** The exchanges that show it, with a label each. */
  readonly evidence?: readonly EvidenceItem[];
}

/** The judgement's final word, before the engine adds ids and timing. */
export interface Verdict {
  readonly outcome: Outcome;
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly skipReason?: string;
  readonly registerRefs: readonly string[];
  readonly evidence: readonly EvidenceItem[];
  readonly property?: PropertyFailure;
}

/**
 * A failure outranks an error: it is proven by a complete answer, while an error only says that some
 * other part could not be judged; the verdict blames the target as soon as one rule is seen broken
 * (exit 1, README "Exit codes"), and lists the errors beside it.
 */
const SEVERITY: Record<Finding["outcome"], number> = { warning: 1, error: 2, failed: 3 };
const MAX_EVIDENCE = 12;
const WITNESSES_FOR_A_PASS = 2;

/** Builds an evidence item. */
export function evidence(label: string, exchange: Exchange, schemaIssues?: readonly SchemaIssue[]): EvidenceItem {
  return schemaIssues && schemaIssues.length > 0 ? { label, exchange, schemaIssues } : { label, exchange };
}

/** The findings of one check on one operation. */
export class Judgement {
  private readonly findings: Finding[] = [];
  private readonly witnesses: EvidenceItem[] = [];
  private readonly notes: string[] = [];
  private readonly registersUsed = new Set<string>();
  private skipped?: string;
  private propertyFailure?: PropertyFailure;

  constructor(private readonly profile: Profile) {}

  /** Records an exchange that shows what was checked: the evidence of a pass or a skip, never shown beside a finding. */
  witness(item: EvidenceItem): void {
    // Only the first few are ever shown: holding every witness would hold every answer (a hostile
    // listing's 2 MB bodies, hundreds of them) until the check ends.
    if (this.witnesses.length < WITNESSES_FOR_A_PASS) this.witnesses.push(item);
  }

  /**
   * A line for the passing message, e.g. "walked 12 pages, 120 items"; a verdict with findings shows only
   * theirs, so a check notes without asking whether it failed.
   */
  note(text: string): void {
    this.notes.push(text);
  }

  /**
   * The target broke a rule the spec states. A finding whose evidence holds no complete answer
   * (a timeout, a reset, a request never sent …) is recorded as an error instead: only a complete
   * answer can break a rule (incompleteAnswer.ts).
   */
  fail(message: string, details: FindingDetails = {}): void {
    if (this.recordedAsError(message, details)) return;
    this.findings.push({ outcome: "failed", message, ...details, evidence: details.evidence ?? [] });
  }

  /** The target departed from a register default: warning by default, failure under strict (an error without a complete answer). */
  depart(registerId: string, message: string, details: FindingDetails = {}): void {
    this.registersUsed.add(registerId);
    if (this.recordedAsError(message, details)) return;
    const outcome = this.profile === "strict" ? "failed" : "warning";
    this.findings.push({
      outcome,
      message: `${message} [register: ${registerId}]`,
      register: registerId,
      ...details,
      evidence: details.evidence ?? [],
    });
  }

  private recordedAsError(message: string, details: FindingDetails): boolean {
    const item = (details.evidence ?? []).find((candidate) => incompleteAnswer(candidate.exchange) !== undefined);
    const trouble = item && incompleteAnswer(item.exchange);
    if (item === undefined || trouble === undefined) return false;
    // The failure's words come from the transport (a URL, the target's bytes): redacted as they are embedded.
    const cause = exchangeRedactor(item.exchange).text(trouble.message).replace(/\.$/, "");
    this.error(
      `${message.replace(/\.$/, "")} — not judged: the answer was incomplete (${trouble.kind}: ${cause}).`,
      details,
    );
    return true;
  }

  /** Notes that a register default was applied (and held), for the report. */
  applied(registerId: string): void {
    this.registersUsed.add(registerId);
  }

  /** The suite could not judge (target unreachable mid-run, or a bug of ours). */
  error(message: string, details: FindingDetails = {}): void {
    this.findings.push({ outcome: "error", message, ...details, evidence: details.evidence ?? [] });
  }

  /**
   * The suite could not judge, and nothing else the check found stands (the check broke, or the run stopped
   * under it): an error that outranks even a failure, unlike error(), which a proven failure outranks.
   */
  overrule(message: string): void {
    this.findings.push({ outcome: "error", message, evidence: [], overrules: true });
  }

  /** Nothing to judge with this configuration or this target; `reason` says what would enable it. */
  skip(reason: string): void {
    this.skipped ??= reason;
  }

  /** A property failed: keep what replays it. */
  property(failure: PropertyFailure): void {
    this.propertyFailure = failure;
  }

  /** True when a failure or error has been recorded (lets a check stop early). */
  hasFailed(): boolean {
    return this.findings.some((finding) => finding.outcome !== "warning");
  }

  /** The outcome, message and evidence. */
  verdict(): Verdict {
    const registerRefs = [...this.registersUsed];
    if (this.findings.length === 0) {
      if (this.skipped !== undefined) {
        return {
          outcome: "skipped",
          message: `Skipped: ${this.skipped}`,
          skipReason: this.skipped,
          registerRefs,
          evidence: [...this.witnesses],
        };
      }
      const message = this.notes.length > 0 ? this.notes.join("; ") : "No violation found.";
      return { outcome: "passed", message, registerRefs, evidence: [...this.witnesses] };
    }
    const rank = (finding: Finding) => (finding.overrules === true ? 4 : SEVERITY[finding.outcome]);
    const ordered = [...this.findings].sort((a, b) => rank(b) - rank(a));
    const worst = ordered[0] as Finding;
    const others = ordered.length > 1 ? ` (+${ordered.length - 1} more finding${ordered.length > 2 ? "s" : ""})` : "";
    const extraLines = ordered
      .slice(1, 6)
      .map((finding) => `\n- ${finding.message}`)
      .join("");
    return {
      outcome: worst.outcome,
      message: `${worst.message}${others}${extraLines}`,
      ...(worst.expected !== undefined ? { expected: worst.expected } : {}),
      ...(worst.actual !== undefined ? { actual: worst.actual } : {}),
      registerRefs,
      evidence: dedupeEvidence(ordered.flatMap((finding) => finding.evidence)).slice(0, MAX_EVIDENCE),
      ...(this.propertyFailure ? { property: this.propertyFailure } : {}),
    };
  }
}

function dedupeEvidence(items: readonly EvidenceItem[]): EvidenceItem[] {
  const seen = new Set<Exchange>();
  return items.filter((item) => (seen.has(item.exchange) ? false : (seen.add(item.exchange), true)));
}

/** A stretch of text the redactor replaces (its own module: the span finders of whole secrets and of fragments both give it). */

/** A stretch of text to replace by a placeholder. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly placeholder: string;
}

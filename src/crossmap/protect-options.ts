/**
 * What protecting a message takes (./protect.ts `protectMessage`): the conversation's codebook and randomness,
 * the person's defaults and choices, the profile's shared and generalized values, and how far to generalize.
 * Its own module, so the steps of protection (./protect-spans.ts, ./name-parts.ts) read it without importing
 * the function that composes them.
 */
import type { MessageTreatment } from '../core/choices';
import type { RandomSource } from '../core/contracts';
import type { CodebookState } from './codebook';
import type { DetectOptions } from './detect';
import type { SubstitutePools } from './pools';
import type { SpanKind } from './types';

/** What a send does with one span (the person's choice, or their default for its kind: core/choices.ts). */
export type Treatment = MessageTreatment;

export interface ProtectOptions extends DetectOptions {
  /** The conversation's codebook (newCodebook(random) for a new one). */
  readonly codebook: CodebookState;
  readonly random: RandomSource;
  /** Per kind default; missing kinds: identifiers 'replace', special kinds 'generalize'. */
  readonly defaults?: Partial<Record<SpanKind, Treatment>>;
  /** Per mark id, the person's choice in the review. */
  readonly choices?: Readonly<Record<string, Treatment>>;
  /**
   * Terms with a given generalization, e.g. a withheld profile value typed into the message → its released
   * category label ("Pediatric nurse" → "a health professional"); found like profile values, kind 'profile'.
   * Their default treatment is 'generalize' (unless `defaults.profile` says otherwise).
   */
  readonly generalize?: readonly { readonly value: string; readonly phrase: string }[];
  /**
   * Values the person shares in their profile: marked, and kept as typed by default (the release states them;
   * replacing one here would contradict it). Kind 'profile'.
   */
  readonly shared?: readonly string[];
  /** The substitute pools (default: the shipped ones, ./index.ts). */
  readonly pools?: SubstitutePools;
  /**
   * How far a health condition or a medicine is generalized: to its class ('class', the default: "a lung or
   * airway condition", "an antidepressant") or to its category only ('category': "a health condition", "a
   * prescription medicine").
   */
  readonly healthLevel?: 'class' | 'category';
  /** 'compose': written in Veil's private compose box, whose stand-ins are its own (./stand-ins.ts); absent: typed in the site's box. */
  readonly scope?: 'compose';
}

/**
 * The words of the settings a person chooses from (../settings/settings.ts is the stored whole, with the
 * site registry and defaults): which mechanism, release format, variant, what to do with suppressed facts,
 * which facts a release carries, and what a reviewed send does with each kind of span. Read by the privacy
 * core and the CLI, which need no site registry.
 */
import { z } from 'zod';
import { SPAN_KINDS } from './span-kinds';

export const MECHANISMS = ['slot', 'block'] as const;
export type Mechanism = (typeof MECHANISMS)[number];
export const FORMATS = ['structured', 'freeform'] as const;
export type ReleaseFormat = (typeof FORMATS)[number];
export const SUPPRESSED_CHOICES = ['omit', 'mark'] as const;
export const FACT_CHOICES = ['needed', 'all'] as const;
export type FactChoice = (typeof FACT_CHOICES)[number];
export type SuppressedChoice = (typeof SUPPRESSED_CHOICES)[number];
/** `veil`: full-range scores and abstaining on `unspecified` (src/dp/utility.ts); `paper`: the paper's scores. */
export const VARIANTS = ['veil', 'paper'] as const;
export type Variant = (typeof VARIANTS)[number];

/** What a reviewed send does with a span: as typed, a stand-in of its kind, or a public phrase of its category. */
export const MESSAGE_TREATMENTS = ['keep', 'replace', 'generalize'] as const;
export type MessageTreatment = (typeof MESSAGE_TREATMENTS)[number];
/** The kinds a person sets a default for: all but a withheld profile value and an always-map word. */
export const DEFAULTABLE_KINDS = z.enum(SPAN_KINDS).exclude(['profile', 'custom']).options;
export type DefaultableKind = (typeof DEFAULTABLE_KINDS)[number];

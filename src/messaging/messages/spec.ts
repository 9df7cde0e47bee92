/**
 * What every message of the contract is made of (../contract.ts joins the feature areas of this folder):
 * its request schema, its response type and the senders that may send it, and the schemas the areas share.
 */
import { z } from 'zod';

export type SenderKind = 'page' | 'content' | 'offscreen' | 'framed';

interface MessageSpec<Req extends z.ZodType, Res> {
  request: Req;
  senders: readonly SenderKind[];
  /** Type-level only: the response type. */
  response?: Res;
}

export function message<Res>() {
  return <Req extends z.ZodType>(request: Req, senders: readonly SenderKind[]): MessageSpec<Req, Res> => ({ request, senders });
}

export const attributeId = z.strictObject({ entity: z.string(), field: z.string() });
/** ε in units of 2^-20 (src/core/epsilon.ts). */
export const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const none = z.strictObject({});
export const PAGES = ['page'] as const;
/** The review panel framed over the chat page, or the review moved into Veil's own window (a `page`). */
export const REVIEWERS = ['framed', 'page'] as const;

export const conversationKey = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
/** Every token that reached a framed page of Veil's since it last asked (the page's false ones among them). */
export const frameTokens = z.array(z.string().min(1).max(100)).min(1).max(500);

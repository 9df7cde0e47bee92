/**
 * The first problem zod found, as one line: "attributes.0.sharing: must be …", or just the message when it
 * is about the whole value. Used wherever Veil turns a failed validation into an error a person reads.
 */
import type { z } from 'zod';

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

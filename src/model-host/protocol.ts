/**
 * The model host's protocol (Chrome's service worker → its offscreen document, offscreen.ts), derived from
 * the `ModelHost` interface: one call is a method's name and its arguments, checked by the schema below on
 * the side that runs it, like every message of the contract (src/messaging/contract.ts). A method added to
 * `ModelHost` does not compile until its arguments have a schema here.
 *
 * ```ts
 * const call: HostCall = { op: 'encode', args: [['How do I appeal a parking fine?']] };
 * hostCall.parse(call); // throws on a call the host does not know, or arguments of the wrong shape
 * ```
 */
import { z } from 'zod';
import type { ModelHost } from './host';

/** The host's methods. */
export type HostOp = keyof ModelHost;
/** One call of `op` with its arguments. */
export type HostCall<K extends HostOp = HostOp> = { [Op in K]: { op: Op; args: Parameters<ModelHost[Op]> } }[K];
/** What a call of `op` answers. */
export type HostAnswer<K extends HostOp> = Awaited<ReturnType<ModelHost[K]>>;

export interface HostEnvelope {
  veilModelHost: HostCall;
}

const texts = z.array(z.string().max(200_000)).max(10_000);
const modelId = z.string().min(1).max(200);

/** Each method's arguments. */
const ARGS = {
  status: z.tuple([]),
  score: z.tuple([z.array(z.strictObject({ field: z.string().max(200), value: z.string().max(10_000) })).max(10_000)]),
  embed: z.tuple([texts]),
  encode: z.tuple([texts]),
  tag: z.tuple([z.array(z.number().int().min(0)).max(10_000_000), z.number().int().min(0).max(1_000_000)]),
  language: z.tuple([z.string().max(200_000)]),
  startInstall: z.union([z.tuple([modelId]), z.tuple([modelId, z.string().max(2_000)])]),
  cancelInstall: z.tuple([]),
  install: z.tuple([]),
  reload: z.tuple([]),
  generate: z.tuple([z.string().max(100_000)]),
} satisfies { [K in HostOp]: z.ZodType<Parameters<ModelHost[K]>> };

const call = <K extends HostOp>(op: K) => z.strictObject({ op: z.literal(op), args: ARGS[op] });

/** A call as it arrives: a method the host has, with arguments of its shape. */
export const hostCall = z.discriminatedUnion('op', [
  call('status'),
  call('score'),
  call('embed'),
  call('encode'),
  call('tag'),
  call('language'),
  call('startInstall'),
  call('cancelInstall'),
  call('install'),
  call('reload'),
  call('generate'),
]);
// Every method of the host is a call above (a new method fails to compile here until it is).
const everyMethod: Record<Exclude<HostOp, z.output<typeof hostCall>['op']>, never> = {};
void everyMethod;

export function isHostEnvelope(message: unknown): message is { veilModelHost: unknown } {
  return typeof message === 'object' && message !== null && 'veilModelHost' in message;
}

/** Run a checked call on the host. */
export function runHostCall(host: ModelHost, call: HostCall): Promise<unknown> {
  const method = host[call.op] as (...args: unknown[]) => Promise<unknown>;
  return method.apply(host, call.args);
}

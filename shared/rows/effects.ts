// The contract between the engine and the hosts, and between the engine and a row's load program:
// a call is a generator that yields these effects and never does I/O itself; a host performs each
// (send a request, sleep, read or write its cache) and resumes the call with the result.
import type { HttpRequest, Sent } from "../base/http";
import type { Values } from "../input/arg-spec";
import type { Lifetime } from "./freshness";

export interface FetchEffect {
  type: "fetch";
  request: HttpRequest;
  /** From the moment the request is sent. */
  timeoutMs: number;
  maxBytes: number;
  /** The most it may wait in the host's own queue before it is sent. */
  queueMs: number;
}

export type Effect =
  | FetchEffect
  /** Requests sent together (a call naming many keys); resumes with one Sent each, in order. */
  | { type: "fetchAll"; fetches: FetchEffect[] }
  | { type: "sleep"; ms: number }
  | { type: "cacheGet"; key: string }
  /** `memo`: the answer as this call already parsed it, for a host that keeps it beside the text. */
  | { type: "cachePut"; key: string; value: string; ttlSeconds: number; memo?: AnswerMemo };

/** What a host may keep beside one cache entry (one version of one answer), so that the calls
 *  over it parse and decode it once: the parsed JSON, and each schema's decoded form. Made by the
 *  core, held by the host; its values are shared by every call and never changed. */
export type AnswerMemo = Map<unknown, unknown>;

/** A cache read by a host that keeps a memo beside each entry (Excel); others answer the text alone. */
export interface CachedAnswer {
  text: string;
  memo: AnswerMemo;
}

/** What each effect resumes with. */
export type EffectResult = Sent | Sent[] | string | CachedAnswer | null | undefined;

/** What a request is for, in words, for explain=true: "BBCA's fiscal dates". `shared`: a request
 *  reaching further than the call needs so that other cells share it (VALUE's latest quarters,
 *  widened to the widest a company's cells ask): how much of it the call reads, in `unit`s, of how
 *  many, and who shares it. `bookkeeping`: a request that is not part of the answer (the edition's
 *  question, the report-date feed), listed apart. */
export interface RequestAbout {
  words: string;
  shared?: { reads: number; of: number; unit: string; with: string };
  bookkeeping?: boolean;
}

/** One GET of the service, as a step of a load program: the parsed JSON answer, cached and retried. */
/** `repeated`: the parameters sent as a repeated name (Endpoint.repeated); default: the call's row's.
 *  `life`: how long its answer stays fresh (rows/freshness.ts); default: the call's row's. */
export type Get = (
  path: string,
  query: Values,
  options?: { life?: Lifetime; repeated?: readonly string[]; about?: RequestAbout },
) => Generator<Effect, unknown, EffectResult>;

/** Several requests at once (Sheets: one fetchAll; Excel and Node: in parallel within the host's
 *  cap), their answers in order; the first failure fails them all. */
export type GetAll = (
  requests: ReadonlyArray<{ path: string; query: Values; life?: Lifetime; about?: RequestAbout }>,
) => Generator<Effect, unknown[], EffectResult>;

/** The requests of a call that needs more than one (pages, one per item, a lookup first), and what
 *  they add up to: the data the response schema decodes. `first` is the row's own request. */
export type Loader = (
  get: Get,
  values: Values,
  /** `now`: the call's clock (ms), for a program whose request reaches back from today (VALUE);
   *  `note`: says where the answer is shorter than asked (shown by each host, never silent). */
  first: { fn: string; path: string; query: Values; now?: number; note?: (text: string) => void },
  /** Several requests at once; absent where the host runs them one by one. */
  all?: GetAll,
) => Generator<Effect, unknown, EffectResult>;

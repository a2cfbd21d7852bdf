// The engine's worker as promises: {id, type, payload} out, {id, ok, result | error} in.
// A refusal rejects with an Error carrying the engine's {code, params}, which the page
// translates. Unsolicited {type: "ready" | "failed"} go to the callbacks.
import { CodedError } from "./coded-error.js";

// The worker's error ({message, code, params}) as an Error the page can translate.
/** @param {string | import("./contract.js").WorkerError} error */
export function engineError(error) {
  if (typeof error === "string") return new CodedError(error, null);
  return new CodedError(error?.message ?? "error", error?.code ?? null, error?.params ?? {});
}

// `post(message)` sends to the worker; feed every message from it to `receive(data)`.
/**
 * @param {(message: import("./contract.js").WorkerRequest) => void} post
 * @param {{onReady?: (data: any) => void, onFailed?: (error: string) => void}} [callbacks]
 */
export function workerClient(post, { onReady = () => {}, onFailed = () => {} } = {}) {
  const pending = new Map();
  let nextId = 1;
  return {
    /**
     * One request and its answer, as declared in contract.js.
     * @template {import("./contract.js").RequestType} K
     * @param {K} type
     * @param {import("./contract.js").Requests[K][0]} [payload]
     * @returns {Promise<import("./contract.js").Requests[K][1]>}
     */
    call(type, payload = {}) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        post({ id, type, payload });
      });
    },
    receive(data) {
      if (data?.type === "ready") return void onReady(data);
      if (data?.type === "failed") return void onFailed(data.error);
      const waiting = pending.get(data?.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(engineError(data.error));
    },
    pending: () => pending.size,
  };
}

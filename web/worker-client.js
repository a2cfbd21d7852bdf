// The engine's worker as promises: {id, type, payload} out, {id, ok, result | error} in.
// A refusal rejects with an Error carrying the engine's {code, params}, which the page
// translates. Unsolicited {type: "ready" | "failed"} go to the callbacks.

// The worker's error ({message, code, params}) as an Error the page can translate.
export function engineError(error) {
  const err = new Error(typeof error === "string" ? error : error?.message ?? "error");
  err.code = error?.code ?? null;
  err.params = error?.params ?? {};
  return err;
}

// `post(message)` sends to the worker; feed every message from it to `receive(data)`.
export function workerClient(post, { onReady = () => {}, onFailed = () => {} } = {}) {
  const pending = new Map();
  let nextId = 1;
  return {
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

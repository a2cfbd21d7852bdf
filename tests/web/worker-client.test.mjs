// The worker's protocol: {id, type, payload} out, {id, ok, result | error} back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { workerClient } from "../../web/core/worker-client.js";

test("each request gets its own answer, whatever the order they come back in", async () => {
  const sent = [];
  const client = workerClient((message) => sent.push(message));
  const first = client.call("act", { action: "0:HT" });
  const second = client.call("view");
  assert.deepEqual(sent.map((m) => [m.type, m.payload]), [["act", { action: "0:HT" }], ["view", {}]]);
  assert.notEqual(sent[0].id, sent[1].id);
  client.receive({ id: sent[1].id, ok: true, result: "the view" });
  client.receive({ id: sent[0].id, ok: true, result: "the step" });
  assert.equal(await first, "the step");
  assert.equal(await second, "the view");
  assert.equal(client.pending(), 0);
});

test("a refusal rejects with the engine's code and parameters", async () => {
  const sent = [];
  const client = workerClient((message) => sent.push(message));
  const asked = client.call("act", { action: "0:XX" });
  client.receive({ id: sent[0].id, ok: false,
    error: { message: "no such card", code: "unknown-action", params: { what: "XX" } } });
  await assert.rejects(asked, (err) => err.code === "unknown-action" && err.params.what === "XX");
});

test("ready and failed go to their callbacks; strangers' answers are dropped", () => {
  const said = [];
  const client = workerClient(() => {}, { onReady: () => said.push("ready"), onFailed: (e) => said.push(e) });
  client.receive({ type: "ready", steps: {} });
  client.receive({ type: "failed", error: "no wasm" });
  client.receive({ id: 999, ok: true, result: 1 });
  client.receive(null);
  assert.deepEqual(said, ["ready", "no wasm"]);
});

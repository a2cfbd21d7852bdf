// Registers the service worker (sw.js) and offers a reload when a new version is waiting.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { firstAnswer } from "../boot.js";

function banner(worker) {
  if (document.querySelector("[data-testid=update-banner]")) return;
  const button = h("button", { type: "button", class: "primary", dataset: { testid: "update-reload" },
    text: t("reload") });
  button.addEventListener("click", () => worker.postMessage({ type: "skip-waiting" }));
  document.body.append(h("div", { class: "update-banner", role: "status",
    dataset: { testid: "update-banner" } }, t("newVersion"), " ", button));
}

function askVersion() {
  const sw = navigator.serviceWorker.controller;
  if (sw) sw.postMessage({ type: "version" });
}

export async function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // the first install takes over silently; a later one was asked for by the banner
    if (!hadController || reloading) { askVersion(); return; }
    reloading = true;
    location.reload();
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "version") {
      document.documentElement.dataset.swVersion = String(event.data.version);
    }
  });
  try {
    const reg = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    const watch = (worker) => {
      if (!worker) return;
      const check = () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) banner(worker);
        if (worker.state === "activated") document.documentElement.dataset.sw = "ready";
      };
      worker.addEventListener("statechange", check);
      check();
    };
    watch(reg.waiting);
    watch(reg.installing);
    if (reg.active && !reg.installing && !reg.waiting) document.documentElement.dataset.sw = "ready";
    reg.addEventListener("updatefound", () => watch(reg.installing));
    askVersion();
    // look for a new deployment now and then (and when the tab comes back)
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reg.update().catch(() => {});
    });
  } catch {
    // no offline mode (file://, private mode): the game still works online
  }
}

// Precaching downloads all of the site (Pyodide included). It starts only once the engine
// has answered its first request and the page is idle, so it never competes with a
// download the first card waits for; the service worker revalidates what the game has
// fetched already (HTTP cache, 304) instead of downloading it again.
const QUIET_MS = 1500;

function whenIdle(fn) {
  const later = () => setTimeout(fn, QUIET_MS);
  if ("requestIdleCallback" in self) requestIdleCallback(later, { timeout: 5000 });
  else later();
}

firstAnswer.then(() => whenIdle(registerOffline));

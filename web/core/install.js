// The browser's offer to install the page as an app (Chromium on tablets, phones and
// desktops fires `beforeinstallprompt` once the manifest and the service worker are
// right). The offer is an event object, kept here beside the store; the store only says
// that there is one, and the start page draws its button from that.
let offer = null;

// Listens for the offer for the page's lifetime: `ctx.update` changes the store.
export function watchInstall(ctx) {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // asked for on the start page, not in a bar over the table
    offer = event;
    ctx.update((s) => { s.installable = true; });
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    ctx.update((s) => { s.installable = false; });
  });
}

// The player tapped "Als App installieren": the browser's own dialog asks. An offer can
// be used once; if it is turned down, the browser may offer again later.
export async function askInstall(ctx) {
  const asked = offer;
  offer = null;
  ctx.update((s) => { s.installable = false; });
  if (!asked) return;
  try {
    await asked.prompt();
    await asked.userChoice;
  } catch {
    // the browser withdrew its offer: the button is gone, nothing else to do
  }
}

// Player options: persisted in localStorage under "doko.options" (options
// only, never a game), applied to the page (theme, animation speed) on change.

const KEY = "doko.options";

export const SPEEDS = { slow: 800, normal: 400, fast: 150, instant: 0 };

export const DEFAULTS = Object.freeze({
  theme: "auto", // auto (follows prefers-color-scheme) | light | dark
  speed: "normal", // a key of SPEEDS
  tapToCollect: false, // a finished trick stays until tapped
  autoplay: false, // play the only legal card by itself
  sound: false, // a soft click when a card lands
  eyes: true, // running Augen per party (never in tournament presets)
  fourColour: false, // tournament deck: Kreuz black, Pik green, Herz red, Karo orange
});

export const options = { ...DEFAULTS };

export function loadOptions() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (saved && typeof saved === "object") {
      for (const [key, value] of Object.entries(saved)) {
        if (key in DEFAULTS && typeof value === typeof DEFAULTS[key]) options[key] = value;
      }
    }
  } catch {
    // private mode or a corrupt entry: the defaults stand
  }
  if (!(options.speed in SPEEDS)) options.speed = DEFAULTS.speed;
  if (!["auto", "light", "dark"].includes(options.theme)) options.theme = DEFAULTS.theme;
  applyOptions();
  return options;
}

export function setOption(key, value) {
  if (!(key in DEFAULTS)) return;
  options[key] = value;
  try { localStorage.setItem(KEY, JSON.stringify(options)); } catch { /* private mode */ }
  applyOptions();
}

export function delay() {
  return SPEEDS[options.speed] ?? SPEEDS.normal;
}

// The theme the page shows now: an explicit choice, else the system's.
export function effectiveTheme() {
  if (options.theme !== "auto") return options.theme;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function applyOptions() {
  const root = document.documentElement;
  if (options.theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = options.theme;
  root.style.setProperty("--anim", `${Math.round(delay() * 0.6)}ms`);
  root.dataset.speed = options.speed;
  root.dataset.deck = options.fourColour ? "four" : "two";
}

// ---- sound: one short WebAudio click, no audio files ----------------------

let audio = null;

export function click() {
  if (!options.sound) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(900, now);
    osc.frequency.exponentialRampToValueAtTime(220, now + 0.05);
    gain.gain.setValueAtTime(0.18, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.08);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.09);
  } catch {
    // no audio device: stay silent
  }
}

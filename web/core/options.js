// Player options: persisted as the setting "options" (storage.js; options only, never a
// game), applied to the page (theme, animation speed) on change. The options are the
// store's `options` slice (initialOptions); these are plain functions of it.
import { setting, saveSetting } from "./storage.js";

export const SPEEDS = { slow: 800, normal: 400, fast: 150, instant: 0 };
const FLIGHT = { slow: 320, normal: 240, fast: 150, instant: 0 }; // ms a card flies, per speed

export const DEFAULTS = Object.freeze({
  theme: "auto", // auto (follows prefers-color-scheme) | light | dark
  speed: "normal", // a key of SPEEDS
  tapToCollect: false, // a finished trick stays until tapped
  autoplay: false, // play the only legal card by itself
  sound: false, // a soft click when a card lands
  eyes: true, // running Augen per party (never in tournament presets)
  fourColour: false, // tournament deck: Kreuz black, Pik green, Herz red, Karo orange
});

// The options as stored (JSON text, or nothing): known keys of the right type, the
// defaults for the rest and for anything unreadable.
export function parseOptions(text) {
  const out = { ...DEFAULTS };
  try {
    const saved = JSON.parse(text || "{}");
    if (saved && typeof saved === "object") {
      for (const [key, value] of Object.entries(saved)) {
        if (key in DEFAULTS && typeof value === typeof DEFAULTS[key]) out[key] = value;
      }
    }
  } catch {
    // a corrupt entry: the defaults stand
  }
  if (!(out.speed in SPEEDS)) out.speed = DEFAULTS.speed;
  if (!["auto", "light", "dark"].includes(out.theme)) out.theme = DEFAULTS.theme;
  return out;
}

// The slice: the device's stored options (the defaults in private mode).
export function initialOptions() {
  try {
    return parseOptions(setting("options"));
  } catch {
    return { ...DEFAULTS };
  }
}

// One option changed (an unknown key changes nothing); true if it was taken.
export function changeOption(opts, key, value) {
  if (!(key in DEFAULTS) || typeof value !== typeof DEFAULTS[key]) return false;
  if (key === "speed" && !(value in SPEEDS)) return false;
  if (key === "theme" && !["auto", "light", "dark"].includes(value)) return false;
  opts[key] = value;
  return true;
}

export function saveOptions(opts) {
  saveSetting("options", JSON.stringify(opts));
}

// ms before each bot move, so cards can be seen landing.
export function delayOf(opts) {
  return SPEEDS[opts.speed] ?? SPEEDS.normal;
}

// ms a card flies: follows the speed setting.
export function flightOf(opts) {
  return FLIGHT[opts.speed] ?? FLIGHT.normal;
}

// The theme the page shows: an explicit choice, else the system's.
export function themeOf(opts, systemDark = globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches) {
  if (opts.theme !== "auto") return opts.theme;
  return systemDark ? "dark" : "light";
}

// The options on the document root (theme, animation time, speed, deck colours).
export function applyOptions(opts, root = globalThis.document?.documentElement) {
  if (!root) return;
  if (opts.theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = opts.theme;
  root.style.setProperty("--anim", `${Math.round(delayOf(opts) * 0.6)}ms`);
  root.dataset.speed = opts.speed;
  root.dataset.deck = opts.fourColour ? "four" : "two";
}

// ---- sound: one short WebAudio click, no audio files ----------------------------------

// The audio device is opened on the first click and kept: browsers allow only a few.
const sound = { audio: null };

export function clickSound(opts) {
  if (!opts.sound) return;
  try {
    sound.audio ??= new AudioContext();
    const audio = sound.audio;
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

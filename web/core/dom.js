// h("button", {class: "x", dataset: {card: "HT"}}, "text", child): DOM without innerHTML.
// The page's one element builder; every screen uses it.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v != null) el.dataset[k] = v;
    }
    else if (key === "text") el.textContent = value;
    // the CSP forbids style attributes; properties set through CSSOM are allowed
    else if (key === "style") setStyle(el, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// "--x:1;--tilt:3deg" -> el.style.setProperty for each declaration.
function setStyle(el, text) {
  for (const part of String(text).split(";")) {
    const at = part.indexOf(":");
    if (at > 0) el.style.setProperty(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// Offer text as a file to save (export of sheets and evenings).
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Clicks the element `selector` finds, if there is one (a hidden file field, a button).
export function clickOn(selector) {
  /** @type {HTMLElement | null} */ (document.querySelector(selector))?.click();
}

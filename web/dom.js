// h("button", {class: "x", dataset: {card: "HT"}}, "text", child): DOM without innerHTML.
// Same helper as app.js uses; shared by the score sheet and the score keeper.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v != null) el.dataset[k] = v;
    }
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

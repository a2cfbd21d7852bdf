// A QR code as an SVG drawn with the page's element builder (no inline styles, no
// data: URL), from qrcode-generator. The library comes in only when a code is drawn;
// without it (an unbundled build) the link alone is shown.
const SVG = "http://www.w3.org/2000/svg";

export async function qrCode(text, label) {
  let make;
  try {
    make = (await import("qrcode-generator")).default;
  } catch {
    return null;
  }
  const qr = make(0, "L"); // the smallest version that holds the link; low correction: fewer modules
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `-4 -4 ${n + 8} ${n + 8}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  svg.dataset.modules = String(n);
  const back = document.createElementNS(SVG, "rect");
  for (const [k, v] of [["x", -4], ["y", -4], ["width", n + 8], ["height", n + 8], ["class", "qr-back"]]) {
    back.setAttribute(String(k), String(v));
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("class", "qr-dots");
  svg.append(back, path);
  return svg;
}

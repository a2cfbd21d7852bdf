// The page's one CSV writer (the keeper's sheet, the tournament's standings): cells
// joined by commas, lines ended by CRLF, quoted as RFC 4180 says. A text a spreadsheet
// would run as a formula (a name typed as "=HYPERLINK(...)") gets a leading apostrophe;
// numbers, negative ones included, stay numbers.
const QUOTED = /[",;\r\n]/;
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value) {
  let text = String(value ?? "");
  if (typeof value !== "number" && FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// [[cell, ...], ...] -> the file's text.
export function csvText(lines) {
  return `${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

// The page's one CSV writer (the keeper's sheet, the tournament's standings): cells
// joined by a separator, lines ended by CRLF, quoted as RFC 4180 says. A text a spreadsheet
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

// [[cell, ...], ...] -> the file's text, cells joined by `separator`.
export function csvText(lines, separator = ",") {
  return `${lines.map((line) => line.map(csvCell).join(separator)).join("\r\n")}\r\n`;
}

// A file a spreadsheet opens as it is, in the page's language: German Excel splits
// cells at semicolons (a comma is its decimal mark), English Excel at commas; the byte
// order mark tells both that the text is UTF-8 (umlauts, "×").
export function spreadsheetCsv(lines, lang) {
  return `\uFEFF${csvText(lines, lang === "de" ? ";" : ",")}`;
}

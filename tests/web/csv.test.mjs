// The one CSV writer: RFC 4180 quoting, CRLF lines, and texts a spreadsheet would run
// as formulas defused, numbers left as numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { csvCell, csvText, spreadsheetCsv } from "../../web/core/csv.js";

test("plain cells stay as they are", () => {
  assert.equal(csvCell("Anna"), "Anna");
  assert.equal(csvCell(12), "12");
  assert.equal(csvCell(-30), "-30");
  assert.equal(csvCell(""), "");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
});

test("commas, semicolons, quotes and line breaks are quoted", () => {
  assert.equal(csvCell("Müller, Anna"), '"Müller, Anna"');
  assert.equal(csvCell("a;b"), '"a;b"');
  assert.equal(csvCell('Der "Fuchs"'), '"Der ""Fuchs"""');
  assert.equal(csvCell("zwei\nZeilen"), '"zwei\nZeilen"');
  assert.equal(csvCell("cr\rlf"), '"cr\rlf"');
});

test("a text that starts like a formula gets an apostrophe; a signed number does not", () => {
  assert.equal(csvCell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  assert.equal(csvCell("+49 171"), "'+49 171");
  assert.equal(csvCell("@home"), "'@home");
  assert.equal(csvCell("-Anna"), "'-Anna");
  assert.equal(csvCell("\tTab"), "'\tTab");
  assert.equal(csvCell("-30"), "-30");
  assert.equal(csvCell("+4"), "+4");
  assert.equal(csvCell("-1.5"), "-1.5");
});

test("a file: lines joined by CRLF, ending in one", () => {
  assert.equal(csvText([["Nr.", "Name"], [1, "A, B"], []]), 'Nr.,Name\r\n1,"A, B"\r\n\r\n');
  assert.equal(csvText([]), "\r\n");
});

test("a spreadsheet's file: semicolons and a BOM for the German page, commas for the English", () => {
  const lines = [["Name", "Punkte"], ["Jürgen, der Ältere", -3], ["Zoë", "2×"]];
  const de = spreadsheetCsv(lines, "de");
  assert.equal(de, '\uFEFFName;Punkte\r\n"Jürgen, der Ältere";-3\r\nZoë;2×\r\n');
  assert.equal(spreadsheetCsv(lines, "en"), '\uFEFFName,Punkte\r\n"Jürgen, der Ältere",-3\r\nZoë,2×\r\n');
  assert.equal(csvCell("a;b"), '"a;b"'); // a separator inside a cell is always quoted
});

// help.html: docs/functions.md as a page the add-in serves, so each function's @helpurl opens
// its section (#quarterly) inside Excel. The reference uses a small subset of Markdown
// (headings, paragraphs, tables, lists, inline code, links, an HTML comment), rendered here.
const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function inline(text) {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\[([^\]]+)\]\((#[\w-]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
}

const cellsOf = (row) =>
  row
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => inline(c.trim().replace(/\\\|/g, "|")));

export function markdownToHtml(markdown, title) {
  const out = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim() || /^<!--.*-->$/.test(line.trim())) continue;
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level} id="${heading[2].toLowerCase().replace(/[^\w]+/g, "-")}">${inline(heading[2])}</h${level}>`);
    } else if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      i--;
      const [head, , ...body] = rows;
      out.push(
        "<table>",
        `<tr>${cellsOf(head)
          .map((c) => `<th>${c}</th>`)
          .join("")}</tr>`,
      );
      for (const row of body)
        out.push(
          `<tr>${cellsOf(row)
            .map((c) => `<td>${c}</td>`)
            .join("")}</tr>`,
        );
      out.push("</table>");
    } else if (/^[-*] /.test(line)) {
      out.push("<ul>");
      while (i < lines.length && /^[-*] /.test(lines[i])) out.push(`<li>${inline(lines[i++].slice(2))}</li>`);
      i--;
      out.push("</ul>");
    } else {
      out.push(`<p>${inline(line)}</p>`);
    }
  }
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    "<style>body{font:14px 'Segoe UI',system-ui,sans-serif;margin:16px;max-width:60em}table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}code{background:#f3f3f3;padding:0 2px}</style>",
    "</head><body>",
    ...out,
    "</body></html>",
    "",
  ].join("\n");
}

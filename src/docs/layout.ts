/** The pages' one stylesheet, inline (its hash is in their CSP: src/docs/csp.ts). */
export const STYLE = `
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff}
header{padding:16px 32px;border-bottom:1px solid #e4e7eb;background:#f8fafc}
header h1{margin:0 0 4px;font-size:22px} header small{color:#616e7c;font-weight:normal}
a{color:#0b63c5} code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#0f172a;color:#e2e8f0;padding:12px 14px;border-radius:6px;overflow:auto}
.layout{display:flex} nav{width:260px;flex:none;padding:16px 20px;border-right:1px solid #e4e7eb;position:sticky;top:0;height:100vh;overflow:auto}
nav ul{list-style:none;padding-left:0;margin:0} nav ul ul{padding-left:12px;margin-bottom:8px}
main{padding:8px 32px 64px;max-width:1000px;flex:1 1 auto;min-width:0}
:not(pre)>code{overflow-wrap:break-word}
.table-scroll{overflow-x:auto;margin:8px 0 16px}
table{border-collapse:collapse;width:100%} th,td{border:1px solid #e4e7eb;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f1f5f9} td p{margin:0} .enum{margin-top:4px;color:#52606d;font-size:13px}
.event{border-top:1px solid #e4e7eb;padding-top:8px} .family{font-size:13px;color:#616e7c;font-weight:normal}
.summary{font-weight:600} .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px;padding:24px 32px}
.card{border:1px solid #e4e7eb;border-radius:8px;padding:16px} .card h2{margin-top:0;font-size:18px}
h2 code,h3 code{font-size:.9em} .topbar{margin:0;padding:6px 16px;font-size:14px;border-bottom:1px solid #e4e7eb} .start{padding:0 32px 48px;max-width:900px} .start ol{padding-left:20px} .start li{margin-bottom:10px}
nav.versions{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;width:auto;height:auto;position:static;overflow:visible;padding:6px 16px;border-right:0;border-bottom:1px solid #e4e7eb;font-size:14px}
.versions ul{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.versions a{display:inline-block;padding:10px 12px;border:1px solid #cbd2d9;border-radius:6px;text-decoration:none}
td.nowrap{white-space:nowrap} .versions a[aria-current]{background:#0b63c5;border-color:#0b63c5;color:#fff} .versions a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

/** Wraps every table of `html` in a box of its own that scrolls sideways when the table is wider than the page. */
export function scrollableTables(html: string): string {
  return html
    .replaceAll('<table>', '<div class="table-scroll"><table>')
    .replaceAll('</table>', '</table></div>');
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style>${head}</head><body>${body}</body></html>`;
}

import { verdictCss } from './grid.js';

/** The page's whole stylesheet (inline: the report must work offline, from a file:// URL). */
export function reportCss(): string {
  return `
:root{--fg:#1d232b;--muted:#667080;--line:#e2e6ec;--bg:#f5f6f8;--card:#fff;--accent:#3366cc}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header.top{background:#1f2937;color:#fff;padding:18px 32px}
header.top h1{margin:0;font-size:20px;font-weight:600;letter-spacing:.2px}
header.top p{margin:4px 0 0;color:#c9d1dc;font-size:13px}
main{max-width:1240px;margin:0 auto;padding:20px 32px 48px}
h2{font-size:16px;margin:0 0 12px}
h3{font-size:14px;margin:8px 0}
.muted{color:var(--muted)}
.mono,pre,.pid{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:16px;margin-bottom:16px}
.card,.panel{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px 20px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.card{border-top:4px solid var(--accent);display:flex;flex-wrap:wrap;gap:8px 40px;align-items:flex-start;align-content:flex-start}
.card h2{flex:1 0 100%;margin-bottom:4px}
.panel{margin-bottom:16px}
.score-rows{display:flex;flex-direction:column;gap:6px;margin-bottom:10px}
.scores{display:flex;flex-wrap:wrap;gap:10px 28px}
.score{display:flex;flex-direction:column}
.score-k{font-size:12px;color:var(--muted);text-transform:uppercase;letter-spacing:.4px}
.score-v{font-size:28px;font-weight:650;line-height:1.15}
.score-ci{font-size:12px;color:var(--muted)}
.score-tamper .score-v{color:#b3261e}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0;font-size:13px}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
.row{display:flex;flex-wrap:wrap;gap:16px}.row>.panel{flex:1 1 460px}
.chart{max-width:100%;height:auto;font-size:12px}
.curve-row{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
.chart.curve{flex:1 1 600px;max-width:780px;min-width:0}
table.curve-table{border-collapse:collapse;font-size:13px;flex:0 1 380px;margin-top:12px}
table.curve-table th,table.curve-table td{padding:5px 12px;text-align:left;border-bottom:1px solid var(--line);white-space:nowrap}
table.curve-table thead th{font-weight:600;font-size:12px;white-space:normal;overflow-wrap:anywhere;vertical-align:bottom}
table.curve-table tbody th{font-weight:500;color:var(--muted)}
.chart .grid{stroke:#e6e9ee}.chart .tick{fill:#667080}.chart .axis-label{fill:#3c4450;font-size:12px}
.chart .legend,.chart .bar-label,.chart .bar-value{fill:#1d232b}
.legend{display:flex;flex-wrap:wrap;gap:6px 16px;margin:4px 0 12px;font-size:13px}
.legend-item{display:inline-flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:14px;height:14px;border-radius:3px;border:1px solid rgba(0,0,0,.15)}
.toolbar{display:flex;gap:16px;align-items:center;margin-bottom:8px;font-size:13px}
.grid{display:grid;gap:3px 18px}
.grid.failures-only .prow[data-all-pass]{display:none}
.grid.wrapped{row-gap:8px}.grid.wrapped .prow{border-top:1px solid var(--line);padding-top:6px}
.prow{display:flex;align-items:flex-start;min-width:0}
.pid{flex:0 0 112px;font-size:11.5px;color:#3c4450;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding-top:1px}
.cells{display:flex;flex-wrap:wrap;gap:2px}
.cell{width:var(--cell,16px);height:var(--cell,16px);padding:0;border:1px solid rgba(0,0,0,.12);border-radius:3px;cursor:pointer}
.cell:hover{outline:2px solid #1d232b;outline-offset:0}
.cell.selected{outline:2px solid #1d232b;outline-offset:1px}
.cell:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
table.provenance{border-collapse:collapse;width:100%;font-size:13px}
table.provenance th{text-align:left;font-weight:500;color:var(--muted);padding:5px 16px 5px 0;white-space:nowrap;vertical-align:top;width:1%}
table.provenance td{padding:5px 0;border-top:1px solid var(--line);overflow-wrap:anywhere;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
table.provenance tr:first-child td{border-top:0}
.two-col{display:grid;grid-template-columns:1fr 1fr;gap:16px}
ul.changes{margin:0;padding-left:18px;max-height:260px;overflow:auto;font-size:13px}
details>summary{cursor:pointer;color:var(--muted);margin:8px 0}
#detail{position:fixed;top:0;right:0;bottom:0;width:min(720px,56vw);background:#fff;border-left:1px solid var(--line);box-shadow:-8px 0 24px rgba(0,0,0,.12);overflow:auto;padding:18px 22px;z-index:10}
#detail[hidden]{display:none}
#detail header{display:flex;align-items:center;gap:12px;margin-bottom:8px}
#detail h2{margin:0;font-size:16px;flex:1}
#detail .close{border:1px solid var(--line);background:#f5f6f8;border-radius:6px;padding:4px 10px;cursor:pointer;font-size:13px}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;color:#fff;font-size:12px;font-weight:600}
.badge.v-none,.badge.v-infra-error,.badge.v-output-limit{color:#1d232b}
#detail dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:6px 0 10px;font-size:13px}
#detail dt{color:var(--muted)}#detail dd{margin:0;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:10px 12px;overflow:auto;font-size:12.5px;line-height:1.45;margin:4px 0 12px;white-space:pre;tab-size:4}
.runs-2{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:0 16px;align-items:start}
.run-col{min-width:0}.run-col .row>.panel{flex:1 1 300px;min-width:0}
.table-wrap{max-height:560px;overflow:auto;border:1px solid var(--line);border-radius:6px}
table.problems{border-collapse:collapse;width:100%;font-size:12.5px}
table.problems th{position:sticky;top:0;background:#f0f2f5;text-align:left;padding:0;border-bottom:1px solid var(--line);white-space:nowrap}
table.problems td{padding:3px 10px;border-bottom:1px solid var(--line);white-space:nowrap}
button.sort{all:unset;display:block;padding:5px 10px;cursor:pointer;font-weight:600;font-size:12px}
button.sort:hover{background:#e4e8ee}button.sort[data-dir=asc]::after{content:" ▲"}button.sort[data-dir=desc]::after{content:" ▼"}
td.up{color:#1a7a40;font-weight:600}td.down{color:#c0322b;font-weight:600}
.exports{margin:0 0 10px;font-size:13px}.exports a{margin-right:12px;color:var(--accent)}
.failure-kind summary{color:var(--fg)}ul.messages{margin:2px 0 10px;padding-left:18px;font-size:12.5px}
ul.messages code{background:#f6f8fa;border-radius:4px;padding:0 4px;overflow-wrap:anywhere}.count{font-weight:600}
table.gen-stats{border-collapse:collapse;font-size:13px}table.gen-stats th{text-align:left;font-weight:500;color:var(--muted);padding:4px 16px 4px 0;white-space:nowrap}table.gen-stats td{padding:4px 0}
.chart.scatter .point{cursor:default}.scatter-box{flex:0 1 340px}.scatter-box p{font-size:12px;margin:4px 0}
footer{color:var(--muted);font-size:12px;margin-top:24px}
${verdictCss()}
`;
}

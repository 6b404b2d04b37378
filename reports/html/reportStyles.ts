/** The inline stylesheet of index.html: readable on a laptop, expanded and plain when printed. */
export const REPORT_STYLES = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#8250df;--warn:#9a6700;--warn-bg:#fff8c5;--skip:#57606a;--waived:#0969da;
--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--panel:#f6f8fa;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
*{box-sizing:border-box}
/* --sticky-top: height of the sticky filter bar (set by the script); whatever a link jumps to lands below it. */
[id]{scroll-margin-top:calc(var(--sticky-top,0px) + 12px)}
html{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:var(--fg);background:var(--bg)}
body{margin:0}
main{max-width:1280px;margin:0 auto;padding:0 20px 40px}
h1,h2,h3,h4,h5{line-height:1.2;margin:0}
h2{font-size:1.25rem;margin:28px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h4{font-size:1rem;margin:14px 0 6px}
h5{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:8px 0 4px}
a{color:var(--waived)}
code,pre,.mono{font-family:var(--mono);font-size:.85rem}
pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:4px 0;white-space:pre-wrap;word-break:break-word;
overflow-wrap:anywhere;max-height:28rem;overflow:auto;max-width:100%}
.muted{color:var(--muted)}
.note{color:var(--muted);font-size:.85rem;font-style:italic}
header.verdict{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 24px;align-items:center;padding:18px 20px;border-bottom:4px solid}
header.verdict.pass{background:#dafbe1;border-color:var(--pass)}
header.verdict.fail{background:#ffebe9;border-color:var(--fail)}
.verdict-word{font-size:2.6rem;font-weight:800;letter-spacing:.04em;padding:4px 18px;border-radius:8px;color:#fff;grid-row:span 2;align-self:start}
.pass .verdict-word{background:var(--pass)}.fail .verdict-word{background:var(--fail)}
header h1{font-size:1.35rem}
/* A long URL, id or key in the banner wraps anywhere rather than widen the page (issue 50.8). */
header.verdict>*{min-width:0}header.verdict h1,header.verdict p,header.verdict li{overflow-wrap:anywhere}
main,section,details.result,.evidence,.exchange>*,.ea>*{min-width:0}
details.result>summary,details.result>.body,section>p,dl.meta dd{overflow-wrap:anywhere}
header .why{margin:2px 0 0;font-size:1rem}
.counts{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:10px 0 0;padding:0;grid-column:2}
.count{display:inline-flex;gap:6px;align-items:baseline;padding:4px 10px;border-radius:999px;border:1px solid var(--line);background:#fff;
text-decoration:none;color:var(--fg);font-size:.9rem}
.count b{font-size:1.1rem}
.count.zero{opacity:.55}
nav.toc{display:flex;gap:16px;flex-wrap:wrap;padding:8px 20px;border-bottom:1px solid var(--line);font-size:.9rem;background:var(--panel)}
dl.meta{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:4px 24px;margin:0}
dl.meta div{display:flex;gap:8px;padding:4px 0;border-bottom:1px dotted var(--line);min-width:0}
dl.meta dt{color:var(--muted);min-width:7.5em;flex:none}
dl.meta div.wide{grid-column:1/-1}
dl.meta dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;min-width:4.2em;text-align:center;padding:1px 7px;border-radius:4px;font-size:.75rem;font-weight:700;letter-spacing:.03em;
color:#fff;text-decoration:none;white-space:nowrap}
.o-passed{background:var(--pass)}.o-failed{background:var(--fail)}.o-error{background:var(--error)}
.o-warning{background:var(--warn-bg);color:var(--warn);border:1px solid #d4a72c}.o-skipped{background:#eaeef2;color:var(--skip);
border:1px solid var(--line)}.o-waived{background:#ddf4ff;color:var(--waived);border:1px solid #54aeff}
.tag{display:inline-block;padding:0 6px;border-radius:4px;border:1px solid var(--line);font-size:.75rem;color:var(--muted);white-space:nowrap}
.filters{display:none}
.js .filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;position:sticky;top:0;z-index:5;background:var(--bg);
border-bottom:1px solid var(--line);box-shadow:0 2px 4px #1f232814;padding:8px 0;margin-top:16px}
.filters fieldset{border:0;padding:0;margin:0;display:flex;gap:6px;flex-wrap:wrap;align-items:center}
.filters legend{float:left;margin-right:4px;color:var(--muted);font-size:.85rem}
.filters label{font-size:.85rem;display:inline-flex;gap:3px;align-items:center}
.filters select,.filters input[type=search]{font:inherit;font-size:.85rem;padding:3px 6px;border:1px solid var(--line);border-radius:6px}
.filters input[type=search]{min-width:16em}
.filters .shown{margin-left:auto;color:var(--muted);font-size:.85rem}
button{font:inherit;font-size:.8rem;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);cursor:pointer}
button:hover{background:#eaeef2}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{font-size:.8rem;color:var(--muted);font-weight:600}
table.matrix thead th{position:sticky;top:var(--sticky-top,0px);z-index:3;background:var(--bg);box-shadow:inset 0 -1px var(--line);vertical-align:bottom}
table.matrix td.cell{text-align:center;white-space:nowrap}
table.matrix td.cell.dim .badge{opacity:.18}
table.matrix td.na{color:var(--line);text-align:center}
table.matrix tr.section th{background:var(--panel);color:var(--fg);font-size:.85rem;padding-top:8px}
table.matrix tr.section .rule{font-weight:400;color:var(--muted)}
table.matrix thead th.op{text-align:center;font-family:var(--mono);font-size:.75rem;line-height:1.25;padding:4px 3px}
table.matrix thead th.op .muted{font-family:system-ui,sans-serif;font-weight:400}
table.matrix td.cell,table.matrix td.na{padding:4px 3px}
table.matrix .lf-inline{display:none}
table.matrix tfoot td{font-size:.8rem;text-align:center;color:var(--muted)}
.check-id{font-family:var(--mono);font-size:.82rem}
details.result{border:1px solid var(--line);border-left-width:5px;border-radius:6px;margin:8px 0;background:#fff}
details.result.r-failed{border-left-color:var(--fail)}details.result.r-error{border-left-color:var(--error)}details.result.r-warning{border-left-color:#d4a72c}
details.result.r-waived{border-left-color:var(--waived)}details.result.r-skipped{border-left-color:#afb8c1}
details.result.r-passed{border-left-color:var(--pass)}
details.result>summary{cursor:pointer;padding:8px 12px;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;list-style-position:outside}
details.result>summary .title{font-weight:600}
details.result>summary .msg{flex-basis:100%;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
details.result[open]>summary .msg{display:none}
details.result .body{padding:0 14px 12px;border-top:1px solid var(--line)}
.ea{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:10px 0}
.ea>div{border:1px solid var(--line);border-radius:6px;padding:6px 10px;overflow-wrap:anywhere}
.ea .expected{background:#f0fff4}.ea .actual{background:#fff5f5}
.exchange{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.exchange>div{min-width:0}
.status{font-family:var(--mono);font-weight:700;padding:1px 6px;border-radius:4px;background:var(--panel);border:1px solid var(--line)}
.status.s2{color:var(--pass)}.status.s4{color:var(--warn)}.status.s5,.status.s0{color:var(--fail)}
table.headers td{font-family:var(--mono);font-size:.8rem;padding:1px 6px;overflow-wrap:anywhere}
table.headers td:first-child{color:var(--muted);white-space:nowrap}
table.issues td{font-size:.85rem;overflow-wrap:anywhere}
@media (max-width:600px){table:not(.matrix){table-layout:fixed;width:100%}table:not(.matrix) th,table:not(.matrix) td{overflow-wrap:anywhere;
word-break:break-word;font-size:.75rem;padding:2px 3px;white-space:normal}}
.evidence{border-top:1px dashed var(--line);margin-top:12px;padding-top:4px}
.failure-box{border:1px solid var(--fail);background:#ffebe9;border-radius:6px;padding:6px 10px;margin:6px 0}
.curl{position:relative}
.curl pre{padding-right:90px}
.curl button{position:absolute;top:6px;right:6px}
.opt{white-space:nowrap}
.env{margin:4px 0;font-size:.85rem;color:var(--muted)}
.env code{color:var(--fg)}
header .reproduce{margin-top:8px;max-width:60rem}
header .reproduce pre{background:#ffffffb3;max-height:none}
header .partial{margin:4px 0 0;font-size:1rem}
ul.findings{margin:4px 0 8px;padding-left:1.4em}
ul.findings li{margin:2px 0;overflow-wrap:anywhere}
.toolbar{display:flex;gap:8px;align-items:center;margin:4px 0}
.empty{padding:16px;text-align:center;color:var(--muted);border:1px dashed var(--line);border-radius:6px}
svg.chart{width:100%;max-width:900px;height:auto;font-family:system-ui,sans-serif}
svg.chart text{font-size:12px;fill:var(--fg)}
svg.chart .axis{stroke:var(--line)}
svg.chart .grid{stroke:#eaeef2}
svg.chart .p50{fill:#54aeff}svg.chart .p95{fill:#b6e3ff}svg.chart .max{stroke:var(--fail);stroke-width:2}
table.register td{font-size:.85rem}
table.register td:nth-child(1){min-width:9em}table.register td:nth-child(4){min-width:18em}table.register td:nth-child(6){min-width:11em}
table.register td:nth-child(7){min-width:18em}table.register td:nth-child(8){white-space:nowrap}
table.register tr.used td:first-child{border-left:4px solid var(--waived)}
footer{max-width:1280px;margin:0 auto;padding:16px 20px;color:var(--muted);font-size:.8rem;border-top:1px solid var(--line)}
[hidden]{display:none!important}
@media (min-width:1001px){table.matrix th.op{width:8.5rem}}
@media (max-width:1000px){table.matrix .lf{display:none}table.matrix .lf-inline{display:inline}}
@media (max-width:900px){.exchange,.ea{grid-template-columns:1fr}header.verdict{grid-template-columns:minmax(0,1fr)}.counts{grid-column:1}
.verdict-word{grid-row:auto;justify-self:start}}
@media print{
  html{font-size:11pt}
  nav.toc,.filters,.js .filters,button,.toolbar{display:none!important}
  header.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}
  .badge,.verdict-word{-webkit-print-color-adjust:exact;print-color-adjust:exact}
  pre{max-height:none;overflow:visible}
  details.result{break-inside:avoid-page}
  details.result::details-content{content-visibility:visible;display:block}
  details.result>summary .msg{display:none}
  .evidence{break-inside:avoid-page}
  a{color:inherit;text-decoration:none}
}
.banner-failures{margin:.4em 0 .6em;padding-left:1.2em;font-size:.9em}.banner-failures li{margin:.15em 0;overflow-wrap:anywhere}
/* On a phone the matrix scrolls sideways in its own box, not the page (on wider screens its header stays sticky). */
@media (max-width:700px){.matrix-wrap{overflow-x:auto}}
`;

/** The S1000D look on top of the shared site stylesheet: identification block, warnings, steps, requirement tables, change bars. */
export const S1000D_CSS = `
.dm-ident{border:1px solid var(--line);border-radius:6px;padding:.6rem 1rem;margin-bottom:1.4rem;background:var(--soft)}
.dm-ident h1{margin:.2rem 0 .6rem}
.ident-table{width:auto;margin:0}.ident-table th,.ident-table td{border:none;padding:.1rem .8rem .1rem 0}.ident-table th{color:var(--muted);font-weight:500;white-space:nowrap}
.admonition{border:2px solid;border-radius:6px;padding:.5rem .9rem;margin:1rem 0;break-inside:avoid}
.admonition-label{font-weight:700;text-align:center;margin:.1rem 0 .4rem;letter-spacing:.05em}
.admonition.warning{border-color:#cf222e;background:#fff0f0}.admonition.warning .admonition-label{color:#cf222e}
.admonition.caution{border-color:#bf8700;background:#fff8e5}.admonition.caution .admonition-label{color:#9a6700}
.admonition.note{border-color:var(--accent);background:#f0f6ff}
ol.steps{list-style:none;padding-left:0;margin:.6rem 0}ol.steps ol.steps{padding-left:1.6rem}
li.step{display:flex;gap:.6rem;margin:.5rem 0}.step-number{flex:none;min-width:2.2rem;font-weight:600}.step-body{flex:1;min-width:0}
.step-title{display:block;margin-bottom:.2rem}
.requirements h2{font-size:1.2rem}.requirements h3{font-size:1rem;margin:.9rem 0 .3rem}.none{color:var(--muted);margin:.2rem 0}
.applic-annotation{font-size:.85em;color:var(--muted);margin:.1rem 0;font-style:italic}
.icn-placeholder{display:flex;flex-direction:column;gap:.2rem;align-items:flex-start;border:1px dashed var(--line);padding:1rem;background:var(--soft);border-radius:6px}
.icn-code{font-family:ui-monospace,monospace;font-weight:600}.icn-note{color:var(--muted);font-size:.9em}
.changed{position:relative}.changed::before{content:"";position:absolute;left:-.9rem;top:0;bottom:0;border-left:3px solid #cf222e}
td.changed::before,th.changed::before,tr.changed>td:first-child::before{content:"";position:absolute;left:-1rem;top:0;bottom:0;border-left:3px solid #cf222e}
.change-bar{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.para{margin:.5rem 0}.parts-table .indent{display:inline-block;width:1rem;color:var(--muted)}.objectPath{margin:.4rem 0}
.toc li.not-applicable,.toc li.deleted,.loedm .not-applicable,.loedm .deleted{color:var(--muted)}
.toc .tag,.loedm .tag{font-size:.8em;border:1px solid var(--line);border-radius:4px;padding:0 .3rem;margin-left:.3rem}
.toc .dmc{display:block;font-size:.8em;color:var(--muted)}.pm-toc .dmc{margin-left:.6rem;font-size:.85em;color:var(--muted)}
.pm-toc li.not-applicable,.pm-toc li.deleted{color:var(--muted)}.pm-toc .tag{font-size:.8em;border:1px solid var(--line);border-radius:4px;padding:0 .3rem;margin-left:.3rem}
.published-for{color:var(--muted)}
.loedm table td:first-child{white-space:nowrap}
`;

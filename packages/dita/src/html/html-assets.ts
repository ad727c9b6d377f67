/** Default stylesheet: readable, no framework, print-friendly. */
export const DEFAULT_CSS = `:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--accent:#0969da;--bg:#fff;--soft:#f6f8fa;--nav:18rem}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg);line-height:1.55}
body{margin:0}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
code,pre,kbd,samp,.filepath,.cmdname{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Noto Sans Mono CJK SC",monospace;font-size:.92em}
.site-header{display:flex;align-items:center;gap:1rem;padding:.6rem 1.2rem;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:2}
.site-title{font-weight:600;color:var(--fg);flex:1}
.site-index{margin-right:16px}.index-letters{margin:8px 0 16px}.index-letters a{margin-right:6px}
.index-entries{list-style:none;padding-left:0;margin:0}.index-entries .index-entries{padding-left:1.5em}.index-entry{margin:2px 0}
.index-see em,.index-see-also em{font-style:italic}
.search input{padding:.35rem .6rem;border:1px solid var(--line);border-radius:6px;min-width:14rem}
.search-results{position:absolute;right:1.2rem;top:3rem;width:28rem;max-height:70vh;overflow:auto;background:var(--bg);border:1px solid var(--line);border-radius:6px;box-shadow:0 8px 24px rgba(0,0,0,.12);padding:.4rem 0;margin:0;list-style:none}
.search-results li{padding:.35rem .9rem}.search-results li p{margin:.1rem 0 0;color:var(--muted);font-size:.88em}
.site-body{display:flex;align-items:flex-start}
.toc{width:var(--nav);flex:none;position:sticky;top:3.2rem;max-height:calc(100vh - 3.2rem);overflow:auto;padding:1rem .6rem 2rem 1rem;border-right:1px solid var(--line);font-size:.92em}
.toc ul{list-style:none;margin:0;padding-left:.9rem}.toc>ul{padding-left:0}
.toc li{margin:.15rem 0}.toc .active>a{font-weight:600;color:var(--fg)}
.toc .head{color:var(--muted);font-weight:600}
main{flex:1;min-width:0;padding:1.2rem 2.4rem 4rem;max-width:60rem}
.breadcrumbs{font-size:.88em;color:var(--muted);margin-bottom:.6rem}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:1.4em 0 .5em}h1{font-size:1.9rem;margin-top:.2em}h2{font-size:1.4rem}h3{font-size:1.15rem}
.shortdesc{font-size:1.05em;color:var(--muted)}
pre{background:var(--soft);padding:.8rem 1rem;border-radius:6px;overflow:auto;line-height:1.4}
table{border-collapse:collapse;margin:1rem 0;width:100%}
th,td{border:1px solid var(--line);padding:.35rem .6rem;vertical-align:top;text-align:left}
thead th{background:var(--soft)}caption{text-align:left;font-weight:600;padding:.3rem 0}
.table--title-label,.fig--title-label{font-weight:600}
figure{margin:1rem 0}figcaption{font-weight:600;margin-bottom:.4rem}
img{max-width:100%}
.note{border-left:4px solid var(--accent);background:#f0f6ff;padding:.6rem .9rem;margin:1rem 0;border-radius:0 6px 6px 0}
.note__title{font-weight:700}
.note_tip{border-color:#1a7f37;background:#effaf1}.note_important,.note_attention,.note_remember{border-color:#9a6700;background:#fff8e5}
.note_caution,.note_warning,.note_danger,.note_notice{border-color:#cf222e;background:#fff0f0}
ol.steps>li,ol.substeps>li{margin:.5rem 0}.cmd{font-weight:500}.importance{font-weight:600;margin-right:.3rem}
.stepresult,.info,.stepxmp{margin:.3rem 0}
dl dt{font-weight:600;margin-top:.6rem}dl dd{margin-left:1.4rem}
.xmlelement,.xmlatt,.parmname,.option{color:#953800}
.uicontrol,.wintitle{font-weight:600}
.related-links{margin-top:2.4rem;border-top:1px solid var(--line);padding-top:.8rem}
.related-links ul{padding-left:1.2rem}.related-links .linkdesc{color:var(--muted);margin:0}
.ullinks{list-style:none;padding-left:0!important}.ulchildlink{margin:.5rem 0}
.parentlink{margin:.8rem 0}
.fnlist{font-size:.9em;border-top:1px solid var(--line);margin-top:2rem;padding-top:.5rem}
.draft-comment{background:#ffebe9;padding:.4rem}
.flag{vertical-align:middle;max-height:1.2em}
@media (max-width:52rem){.toc{display:none}main{padding:1rem}}
@media print{.site-header,.toc{display:none}main{max-width:none;padding:0}}
`;

/** Client script: draws the whole navigation tree from nav.js when the page has none or a partial one, marks breadcrumbs, runs the search. */
export const DEFAULT_JS = `(function(){
var cfg=window.CCMS||{root:'',page:''};var root=cfg.root;
function el(t,a,c){var e=document.createElement(t);if(a)for(var k in a)e.setAttribute(k,a[k]);if(c)e.textContent=c;return e}
function build(items){var ul=el('ul');items.forEach(function(it){var li=el('li');
if(it.h){var a=el('a',{href:it.x?it.h:root+it.h},it.t);li.appendChild(a);if(it.h.split('#')[0]===cfg.page)li.className='active'}else li.appendChild(el('span',{class:'head'},it.t));
if(it.c&&it.c.length)li.appendChild(build(it.c));ul.appendChild(li)});return ul}
function up(li){var p=li.parentNode&&li.parentNode.parentNode;return p&&p.tagName==='LI'?p:null}
function nav(){var box=document.getElementById('ccms-toc');if(!box)return;
if((!box.firstElementChild||box.hasAttribute('data-partial'))&&window.CCMS_NAV){box.textContent='';box.removeAttribute('data-partial');box.appendChild(build(window.CCMS_NAV))}
var act=box.querySelector('.active');if(!act)return;var bc=document.querySelector('.breadcrumbs');
if(bc&&!bc.firstChild){var trail=[];for(var li=up(act);li;li=up(li))trail.unshift(li.firstElementChild);
trail.forEach(function(n,i){if(i)bc.appendChild(document.createTextNode(' / '));bc.appendChild(n.tagName==='A'?el('a',{href:n.getAttribute('href')},n.textContent):el('span',null,n.textContent))})}
if(act.scrollIntoView)act.scrollIntoView({block:'center'})}
function tokens(s){s=s.toLowerCase();var out=[];var re=/[\\u3400-\\u9fff\\uf900-\\ufaff]|[\\p{L}\\p{N}_]+/gu;var m;while((m=re.exec(s)))out.push(m[0]);return out}
function search(){var form=document.querySelector('form.search');if(!form)return;var input=form.querySelector('input');var list=null;
function show(q){if(list){list.remove();list=null}var ts=tokens(q);if(!ts.length||!window.CCMS_SEARCH)return;var res=[];
window.CCMS_SEARCH.forEach(function(p){var score=0;var tl=p.t.toLowerCase();for(var i=0;i<ts.length;i++){var t=ts[i];var hit=tl.indexOf(t)>=0?3:0;
if(!hit)for(var j=0;j<p.k.length;j++){if(p.k[j].lastIndexOf(t,0)===0){hit=1;break}}if(!hit)return;score+=hit}res.push([score,p])});
res.sort(function(a,b){return b[0]-a[0]});list=el('ul',{class:'search-results'});if(!res.length)list.appendChild(el('li',null,form.getAttribute('data-none')||'No results'));
res.slice(0,50).forEach(function(r){var li=el('li');li.appendChild(el('a',{href:root+r[1].u},r[1].t));if(r[1].s)li.appendChild(el('p',null,r[1].s));list.appendChild(li)});form.appendChild(list)}
function load(cb){if(window.CCMS_SEARCH)return cb();var s=el('script',{src:root+'search-index.js'});s.onload=cb;document.head.appendChild(s)}
input.addEventListener('input',function(){var q=input.value;load(function(){show(q)})});form.addEventListener('submit',function(e){e.preventDefault()})}
function indexLink(){var ix=window.CCMS_INDEX;var h=document.querySelector('.site-header');if(!ix||!h||h.querySelector('.site-index'))return;
h.insertBefore(el('a',{class:'site-index',href:root+ix.h},ix.t),h.querySelector('form.search'))}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',function(){nav();search();indexLink()});else{nav();search();indexLink()}})();
`;

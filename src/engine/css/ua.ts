// The user-agent stylesheet, after the HTML standard's rendering section (§15), parsed once per process.
import { type Stylesheet, parseStylesheet } from './stylesheet.js';

const UA_CSS = `
/* §15.3.1 Hidden elements */
[hidden], area, base, basefont, datalist, head, link, meta, noembed, noframes, param, rp, script,
style, template, title, input[type=hidden i], dialog:not([open]), noscript[hidden] { display: none; }
embed[hidden] { display: inline; height: 0; width: 0; }
audio:not([controls]) { display: none !important; }

/* §15.3.3 Flow content */
html, body { display: block; }
address, blockquote, center, dialog, div, figure, figcaption, footer, form, header, hr, legend, listing,
main, p, plaintext, pre, search, xmp, details, summary, optgroup { display: block; }
blockquote, figure, listing, p, plaintext, pre, xmp { margin-top: 1em; margin-bottom: 1em; }
blockquote, figure { margin-left: 40px; margin-right: 40px; }
address { font-style: italic; }
listing, plaintext, pre, xmp { font-family: monospace; white-space: pre; }
center { text-align: -webkit-center; }
dialog { position: absolute; left: 0; right: 0; margin: auto; border: solid; padding: 1em; background-color: white; color: black; }

/* §15.3.4 Phrasing content */
cite, dfn, em, i, var { font-style: italic; }
b, strong { font-weight: bolder; }
code, kbd, samp, tt { font-family: monospace; }
big { font-size: larger; }
small { font-size: smaller; }
sub { vertical-align: sub; }
sup { vertical-align: super; }
sub, sup { font-size: smaller; }
ruby { display: ruby; }
rt { display: ruby-text; font-size: 50%; line-height: normal; }
a[href], area[href] { color: #0000EE; text-decoration: underline; }
mark { background-color: yellow; color: black; }
abbr[title], acronym[title] { text-decoration: dotted underline; }
ins, u { text-decoration: underline; }
del, s, strike { text-decoration: line-through; }
q::before { content: open-quote; }
q::after { content: close-quote; }
nobr { white-space: nowrap; }
wbr { display: inline; }
[dir=rtl i] { direction: rtl; }
[dir=ltr i] { direction: ltr; }
address, blockquote, center, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext, pre, search, xmp,
details, summary, bdi, output, [dir=ltr i], [dir=rtl i], [dir=auto i] { unicode-bidi: isolate; }
bdo, bdo[dir] { unicode-bidi: isolate-override; }
textarea[dir=auto i], pre[dir=auto i] { unicode-bidi: plaintext; }

/* §15.3.6 Sections and headings */
article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section { display: block; }
h1 { margin-top: 0.67em; margin-bottom: 0.67em; font-size: 2em; }
h2 { margin-top: 0.83em; margin-bottom: 0.83em; font-size: 1.5em; }
h3 { margin-top: 1em; margin-bottom: 1em; font-size: 1.17em; }
h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-size: 1em; }
h5 { margin-top: 1.67em; margin-bottom: 1.67em; font-size: 0.83em; }
h6 { margin-top: 2.33em; margin-bottom: 2.33em; font-size: 0.67em; }
h1, h2, h3, h4, h5, h6 { font-weight: bold; }
h1 { bookmark-level: 1; } h2 { bookmark-level: 2; } h3 { bookmark-level: 3; }
h4 { bookmark-level: 4; } h5 { bookmark-level: 5; } h6 { bookmark-level: 6; }

/* §15.3.7 Lists */
dir, dd, dl, dt, menu, ol, ul { display: block; }
li { display: list-item; }
dir, dl, menu, ol, ul { margin-top: 1em; margin-bottom: 1em; }
:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-top: 0; margin-bottom: 0; }
dd { margin-inline-start: 40px; }
dir, menu, ol, ul { padding-inline-start: 40px; }
/* ol, ul, menu reset list-item in the box builder, which honours <ol start> and reversed;
   a UA counter-reset here would shadow them (the builder defers to any declared reset). */
ol { list-style-type: decimal; }
dir, menu, ul { list-style-type: disc; }
:is(dir, menu, ol, ul) :is(dir, menu, ul) { list-style-type: circle; }
:is(dir, menu, ol, ul) :is(dir, menu, ol, ul) :is(dir, menu, ul) { list-style-type: square; }
::marker { unicode-bidi: isolate; font-variant-numeric: tabular-nums; white-space: pre; text-transform: none; }

/* §15.3.8 Tables */
table { display: table; box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: initial; }
caption { display: table-caption; text-align: center; }
colgroup, colgroup[hidden] { display: table-column-group; }
col, col[hidden] { display: table-column; }
thead, thead[hidden] { display: table-header-group; }
tbody, tbody[hidden] { display: table-row-group; }
tfoot, tfoot[hidden] { display: table-footer-group; }
tr, tr[hidden] { display: table-row; }
td, th { display: table-cell; padding: 1px; }
th { font-weight: bold; text-align: -internal-th-center; }
thead, tbody, tfoot, table > tr { vertical-align: middle; }
tr, td, th { vertical-align: inherit; }
thead, tbody, tfoot, tr { border-color: inherit; }

/* §15.3.10 Form controls: Chromium's computed values (boxes/form-controls.ts builds their content
   and paints the theme's look where these are left as they are) */
input, select, button, textarea, meter, progress { display: inline-block; }
input, select, textarea, button { font: 13.333px sans-serif; letter-spacing: normal; word-spacing: normal;
  text-transform: none; text-indent: 0; text-align: start; color: black; }
input { border: 2px inset #767676; padding: 1px 2px; background-color: white; }
textarea { border: 1px solid #767676; padding: 2px; background-color: white; }
select { border: 1px solid #767676; padding: 0; background-color: #efefef; box-sizing: border-box; }
select[multiple], select[size]:not([size="0"]):not([size="1"]) { background-color: white; }
input[type=checkbox i], input[type=radio i] { width: 13px; height: 13px; margin: 3px 3px 3px 4px; padding: 0; border: none;
  background-color: transparent; box-sizing: border-box; }
input[type=radio i] { margin: 3px 3px 0 5px; }
input[type=file i] { border: none; padding: 0; background-color: transparent; }
/* Blink's button inside a file input: an input button's look, the input's font size, the normal line height. */
input[type=file i]::file-selector-button { font-family: sans-serif; border: 2px outset #767676; padding: 1px 6px; margin: 0 4px 0 0; background-color: #efefef;
  color: black; line-height: normal; white-space: pre; text-align: center; }
input[type=color i] { width: 50px; height: 27px; box-sizing: border-box; border: 1px solid #767676; padding: 1px 2px; background-color: #efefef; }
input:is([type=date i], [type=datetime-local i], [type=month i], [type=week i], [type=time i]) { font-family: monospace; padding: 1px 0 1px 1px; }
button, input[type=button i], input[type=submit i], input[type=reset i] { border: 2px outset #767676;
  padding: 1px 6px; background-color: #efefef; text-align: center; box-sizing: border-box; }
textarea { white-space: pre-wrap; overflow-wrap: break-word; font-family: monospace; resize: auto; }
input:disabled, textarea:disabled { color: rgb(84, 84, 84); background-color: rgba(239, 239, 239, 0.3); border-color: rgba(118, 118, 118, 0.3); }
/* After :disabled: a slider has no box of its own to fade. */
input[type=range i] { margin: 2px; padding: 0; border: none; background-color: transparent; }
button:disabled, input:is([type=button i], [type=submit i], [type=reset i]):disabled { color: rgba(16, 16, 16, 0.3);
  background-color: rgba(239, 239, 239, 0.3); border-color: rgba(118, 118, 118, 0.3); }
select:disabled { color: rgb(128, 128, 128); border-color: rgba(118, 118, 118, 0.3); }
option { display: block; white-space: nowrap; padding: 0 2px 1px; font-weight: normal; }
optgroup { font-weight: bolder; }
optgroup > option { padding-inline-start: 20px; }
fieldset { display: block; margin-left: 2px; margin-right: 2px; border: groove 2px #c0c0c0;
  padding: 0.35em 0.75em 0.625em; min-width: min-content; }
legend { padding-left: 2px; padding-right: 2px; }
meter, progress { box-sizing: border-box; height: 1em; vertical-align: -0.2em; }
progress { width: 10em; }
/* The parts of a progress bar the author restyled (Blink's html.css). */
progress::-webkit-progress-bar { background-color: gray; }
progress::-webkit-progress-value { background-color: green; }
/* A field's placeholder text (Blink's ::placeholder, darkGray as Chromium prints it). */
input::placeholder, textarea::placeholder { color: #757575; }
meter { width: 5em; }

/* §15.4 Replaced elements */
iframe { border: 2px inset; }
video { object-fit: contain; }
img, video, canvas, svg, embed, object { overflow: clip; }

/* §15.5.4 The details and summary elements */
details > summary:first-of-type { display: list-item; counter-increment: list-item 0; list-style: disclosure-closed inside; }
details[open] > summary:first-of-type { list-style-type: disclosure-open; }
details:not([open]) > :not(summary:first-of-type) { display: none; }

/* §15.3.11 The hr element */
hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden; }

/* §15.3.2 The page */
body { margin: 8px; }

/*
 * MathML Core's user-agent stylesheet, its layout approximated with CSS boxes (decision 0404), as
 * Chromium lays MathML out in a font without a MATH table (its math family is Times there): scripts
 * at 71%, raised by the x-height (0.459em) or lowered 0.24em, then 3px of space. In inline math a
 * large operator's limits (an munder/mover/munderover on an mo: movablelimits) are set as scripts.
 */
math { display: inline; direction: ltr; text-indent: 0; letter-spacing: normal; line-height: 1; word-spacing: normal; font-family: math; font-size: inherit; font-style: normal; font-weight: normal; text-transform: none; white-space: nowrap; text-align: left; }
math[display="block" i] { display: block; text-align: center; }
mi, mn, mo, mtext, ms, mrow, mstyle, mpadded, menclose, merror, mphantom, maction, semantics, mspace, mprescripts, none { display: inline; }
mphantom { visibility: hidden; }
annotation, annotation-xml, semantics > :not(:first-child), maction > :not(:first-child) { display: none; }
ms::before, ms::after { content: '"'; }
msub > :nth-child(2), msup > :nth-child(2), msubsup > :nth-child(n+2), munder > :nth-child(2), mover > :nth-child(2), munderover > :nth-child(n+2), mmultiscripts > :nth-child(n+2) { font-size: 71%; }
msub > :nth-child(2), msup > :nth-child(2), msubsup > :nth-child(n+2) { line-height: 0.8; }
msup > :nth-child(2), msubsup > :nth-child(3) { vertical-align: 0.6465em; margin-right: 0.264em; }
msub > :nth-child(2), msubsup > :nth-child(2) { vertical-align: -0.338em; margin-right: 0.264em; }
mfrac { display: inline-flex; flex-direction: column; vertical-align: middle; text-align: center; padding: 0 0.1em; }
mfrac > * { display: block; font-size: 71%; line-height: 1; }
math[display="block" i] > mfrac > *, math[display="block" i] > mrow > mfrac > * { font-size: 100%; }
mfrac > :first-child { border-bottom: 0.08em solid; padding-bottom: 0.05em; }
mfrac > :last-child { padding-top: 0.05em; }
mfrac[linethickness="0"] > :first-child { border-bottom-style: none; }
msqrt, mroot { display: inline-block; position: relative; margin-left: 0.85em; border-top: 0.052em solid; padding-top: 0.1em; }
msqrt::before, mroot::before { content: "√"; position: absolute; left: -0.85em; bottom: 0; }
mroot > :nth-child(2) { position: absolute; left: -1.1em; top: -0.1em; font-size: 60%; }
munder, mover, munderover { display: inline-flex; flex-direction: column; align-items: center; }
mover { flex-direction: column-reverse; }
munderover > :nth-child(3) { order: -1; }
math:not([display="block" i]) :is(munder, mover, munderover):has(> mo:first-child) { display: inline; }
math:not([display="block" i]) :is(munder, munderover):has(> mo:first-child) > :nth-child(2) { vertical-align: -0.338em; line-height: 0.8; margin-right: 0.264em; }
math:not([display="block" i]) mover:has(> mo:first-child) > :nth-child(2), math:not([display="block" i]) munderover:has(> mo:first-child) > :nth-child(3) { vertical-align: 0.6465em; line-height: 0.8; margin-right: 0.264em; }
mtable { display: inline-table; vertical-align: middle; }
mtr { display: table-row; }
mtd { display: table-cell; text-align: center; padding: 0.5ex 0.4em; }
mspace { display: inline-block; }
`;

/**
 * What Chromium's quirks.css adds in quirks mode (no doctype): tables do not inherit the text's
 * font, line height or alignment; forms keep a bottom margin; and the UA margins html.css writes
 * in `__qem` are quirky, ignored at the start and end of a table cell or the body. (Its
 * `color: -internal-quirk-inherit` is not followed: measured, Chromium's tables then take the root
 * element's colour, not the initial black, which the cascade cannot express yet.)
 */
const QUIRKS_CSS = `
table { white-space: normal; line-height: normal; font-weight: normal; font-size: medium; font-style: normal; font-variant: normal; text-align: start; }
form { margin-bottom: 1em; }
blockquote, listing, p, plaintext, pre, xmp, dir, dl, menu, ol, ul { margin-top: -internal-quirk(1em); margin-bottom: -internal-quirk(1em); }
h1 { margin-top: -internal-quirk(0.67em); margin-bottom: -internal-quirk(0.67em); }
h2 { margin-top: -internal-quirk(0.83em); margin-bottom: -internal-quirk(0.83em); }
h3 { margin-top: -internal-quirk(1em); margin-bottom: -internal-quirk(1em); }
h4 { margin-top: -internal-quirk(1.33em); margin-bottom: -internal-quirk(1.33em); }
h5 { margin-top: -internal-quirk(1.67em); margin-bottom: -internal-quirk(1.67em); }
h6 { margin-top: -internal-quirk(2.33em); margin-bottom: -internal-quirk(2.33em); }
`;

let ua: Stylesheet | null = null;
let quirks: Stylesheet | null = null;
const modeSheets = new Map<string, Stylesheet>();

/** The parsed UA stylesheet (shared across renders). */
export function userAgentStylesheet(): Stylesheet {
  return (ua ??= parseStylesheet(UA_CSS, 'user-agent'));
}

/**
 * The document's mode on `html`, inherited, for the quirks layout reads (the line-height quirk in
 * quirks and limited-quirks mode, an XHTML 1.0 Transitional doctype; the cell height quirk).
 */
export function quirksModeStylesheet(mode: 'limited-quirks' | 'quirks'): Stylesheet {
  let sheet = modeSheets.get(mode);
  if (sheet === undefined) {
    sheet = parseStylesheet(`html { -internal-quirks-mode: ${mode} }`, 'user-agent');
    modeSheets.set(mode, sheet);
  }
  return sheet;
}

/** The UA rules that apply only to documents in quirks mode (shared across renders). */
export function quirksStylesheet(): Stylesheet {
  return (quirks ??= parseStylesheet(QUIRKS_CSS, 'user-agent'));
}

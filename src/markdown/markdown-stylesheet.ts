// The default print stylesheet for Markdown documents, modelled on GitHub's Markdown rendering.

export const MARKDOWN_STYLESHEET = `
@page { size: A4; margin: 18mm 16mm; }
html { color: #1f2328; background: #ffffff; }
body {
  margin: 0;
  font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  word-wrap: break-word;
}
p, blockquote, ul, ol, dl, table, pre, details { margin-top: 0; margin-bottom: 16px; }
h1, h2, h3, h4, h5, h6 { margin-top: 24px; margin-bottom: 16px; font-weight: 600; line-height: 1.25; }
h1 { font-size: 2em; padding-bottom: 0.3em; border-bottom: 1px solid #d1d9e0; }
h2 { font-size: 1.5em; padding-bottom: 0.3em; border-bottom: 1px solid #d1d9e0; }
h3 { font-size: 1.25em; }
h4 { font-size: 1em; }
h5 { font-size: 0.875em; }
h6 { font-size: 0.85em; color: #59636e; }
a { color: #0969da; text-decoration: underline; }
strong { font-weight: 600; }
hr { height: 0.25em; padding: 0; margin: 24px 0; background-color: #d1d9e0; border: 0; }
ul, ol { padding-left: 2em; }
li + li { margin-top: 0.25em; }
li > p { margin-top: 16px; }
ul ul, ul ol, ol ol, ol ul { margin-top: 0; margin-bottom: 0; }
li.task-list-item { list-style-type: none; }
li.task-list-item input { margin: 0 0.2em 0.25em -1.4em; vertical-align: middle; }
blockquote { margin-left: 0; margin-right: 0; padding: 0 1em; color: #59636e; border-left: 0.25em solid #d1d9e0; }
code, pre, kbd, samp {
  font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
code {
  padding: 0.2em 0.4em;
  margin: 0;
  font-size: 85%;
  white-space: break-spaces;
  background-color: #eff1f3;
  border-radius: 6px;
}
pre {
  padding: 16px;
  overflow: hidden;
  font-size: 85%;
  line-height: 1.45;
  color: #1f2328;
  background-color: #f6f8fa;
  border-radius: 6px;
  page-break-inside: avoid;
}
pre code { padding: 0; font-size: 100%; white-space: pre; background-color: transparent; border: 0; }
table { display: table; width: max-content; max-width: 100%; border-spacing: 0; border-collapse: collapse; }
table th { font-weight: 600; }
table th, table td { padding: 6px 13px; border: 1px solid #d1d9e0; }
table tr { background-color: #ffffff; border-top: 1px solid #d1d9e0; page-break-inside: avoid; }
table tr:nth-child(2n) { background-color: #f6f8fa; }
img { max-width: 100%; box-sizing: content-box; }
del { text-decoration: line-through; }
sup, sub { font-size: 75%; line-height: 0; }
`.trim();

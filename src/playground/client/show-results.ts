// Puts a check or preview answer on the page: the problems, the placeholders, the data keys missing, the pages.
import type { CheckData, PreviewPage, TemplatePlaceholder, TemplateProblem } from './api-types.js';
import { element, fillList } from './dom.js';

/** `goTo` selects a problem's place in the template editor: each problem is a button that calls it. */
export function showCheck(check: CheckData, goTo: (problem: TemplateProblem) => void): void {
  fillList(element('problems', HTMLUListElement), check.problems, (item, problem) => {
    item.className = problem.type;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'problem';
    button.textContent = `${where(problem)}${problem.message}`;
    button.addEventListener('click', () => goTo(problem));
    item.append(button);
  }, 'No problems.');
  const missing = missingPaths(check.problems);
  fillList(element('placeholders', HTMLUListElement), check.placeholders, (item, placeholder) => showPlaceholder(item, placeholder, missing), 'The template reads no data.');
  fillList(element('missing', HTMLUListElement), [...missing], (item, path) => {
    const code = document.createElement('code');
    code.textContent = path;
    item.append(code);
  }, 'Nothing: every required key has a value.');
}

export function showPages(pages: readonly PreviewPage[], pageCount: number, renderMs: number): void {
  element('page-count', HTMLOutputElement).value = String(pageCount);
  element('render-time', HTMLOutputElement).value = `${Math.round(renderMs)} ms`;
  fillList(element('pages', HTMLOListElement), pages, (item, page) => {
    const image = document.createElement('img');
    image.src = page.image;
    image.width = page.width;
    image.height = page.height;
    image.alt = `Page ${page.page} of ${pageCount}`;
    item.append(image);
  });
}

/** No pages to show (the preview route missing, or the template failing): the counts say so too. */
export function clearPages(): void {
  element('page-count', HTMLOutputElement).value = '–';
  element('render-time', HTMLOutputElement).value = '–';
  element('pages', HTMLOListElement).replaceChildren();
}

function showPlaceholder(item: HTMLLIElement, placeholder: TemplatePlaceholder, missing: ReadonlySet<string>): void {
  const code = document.createElement('code');
  code.textContent = placeholder.path;
  item.append(code);
  const notes = [placeholder.required ? '' : 'optional', missing.has(placeholder.path) ? 'missing' : ''].filter((note) => note !== '');
  if (notes.length > 0) item.append(` (${notes.join(', ')})`);
  if (missing.has(placeholder.path)) item.className = 'missing';
}

function missingPaths(problems: readonly TemplateProblem[]): Set<string> {
  return new Set(problems.flatMap((problem) => (problem.type === 'missing_data' && problem.path !== null ? [problem.path] : [])));
}

function where(problem: TemplateProblem): string {
  return problem.line === null ? '' : `Line ${problem.line}, column ${problem.column ?? 1}: `;
}

// Marks the template language's {{ … }} and {% … %} in the template editor, over the HTML or Markdown highlighting.
import { Decoration, MatchDecorator, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from '@codemirror/view';

const CONSTRUCT = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;

const constructs = new MatchDecorator({ regexp: CONSTRUCT, decoration: Decoration.mark({ class: 'cm-template-construct' }) });

export const templateConstructs = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = constructs.createDeco(view);
    }
    update(update: ViewUpdate): void {
      this.decorations = constructs.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

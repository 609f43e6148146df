// One CodeMirror 6 editor of the page: its language swappable, its problems underlined from outside.
import { basicSetup } from 'codemirror';
import { Compartment, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';

export interface Editor {
  readonly view: EditorView;
  text(): string;
  /** Replaces the whole text (a sample loaded), as one undoable change. */
  setText(text: string): void;
  setLanguage(language: Extension): void;
  /** Underlines these problems; an empty list clears them. */
  showProblems(diagnostics: readonly Diagnostic[]): void;
}

export interface EditorOptions {
  readonly parent: HTMLElement;
  /** The id of the element naming the editor (its heading), for screen readers. */
  readonly labelledBy: string;
  readonly language: Extension;
  readonly extensions?: readonly Extension[];
  readonly onChange: () => void;
}

/** The nonce the page's Content-Security-Policy allows CodeMirror's `<style>` element with. */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="pagesmith-style-nonce"]')?.content ?? '';

export function createEditor(options: EditorOptions): Editor {
  const language = new Compartment();
  const view = new EditorView({
    parent: options.parent,
    extensions: [
      EditorView.cspNonce.of(styleNonce),
      basicSetup,
      language.of(options.language),
      lintGutter(),
      EditorView.lineWrapping,
      // Tab is left to move the focus on (CodeMirror binds it only when asked), so the page stays keyboard-navigable.
      EditorView.contentAttributes.of({ 'aria-labelledby': options.labelledBy, 'aria-multiline': 'true' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) options.onChange();
      }),
      ...(options.extensions ?? []),
    ],
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    setLanguage: (extension) => view.dispatch({ effects: language.reconfigure(extension) }),
    showProblems: (diagnostics) => view.dispatch(setDiagnostics(view.state, diagnostics)),
  };
}
